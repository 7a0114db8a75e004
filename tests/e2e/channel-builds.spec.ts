/**
 * Two channel builds side by side: the default shop's (E2E_PORT) and the school shop's (E2E_PORT + 5),
 * both built by `npm start` for this run (playwright.config.ts). Each build holds only its own theme's
 * code, styles and content, so they differ where the themes differ and share nothing they should not:
 * no school markup, tokens or content in the default build, none of the default or outlet theme's own
 * header, footer or tokens (nor the default channel's content) in the school build. Node-level checks
 * of the files; the `school` project runs them, once both shops are up.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 4399);
const schoolPort = Number(process.env.E2E_SCHOOL_PORT ?? port + 5);
const defaultDist = path.resolve(root, process.env.SHOP_DIST_DIR ?? `.data/e2e-${port}/dist`);
const schoolDist = path.resolve(root, `.data/e2e-${schoolPort}/dist`);

/** Every text file of a build (HTML, CSS, JS), path → content; pre-compressed copies and maps skipped. */
function textFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) {
        if (name !== '.astro-cache') walk(full);
      } else if (/\.(html|css|js|mjs)$/.test(name)) out.set(path.relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The files of a build that contain `needle` (case-insensitive). */
function containing(files: Map<string, string>, needle: string): string[] {
  const lower = needle.toLowerCase();
  return [...files].filter(([, text]) => text.toLowerCase().includes(lower)).map(([file]) => file);
}

test('the default and the school builds are separate and each holds only its own theme and content', async ({ request }) => {
  // The school shop is up (this project's baseURL); the default shop built before it (webServer order).
  expect((await request.get('/')).status()).toBe(200);
  expect(realpathSync(defaultDist)).not.toBe(realpathSync(schoolDist));
  const def = textFiles(defaultDist);
  const school = textFiles(schoolDist);
  expect(def.size).toBeGreaterThan(20);
  expect(school.size).toBeGreaterThan(20);

  // Each build names its own channel and theme.
  const home = (files: Map<string, string>) => files.get(path.join('client', 'news', 'index.html')) ?? '';
  expect(home(def)).toContain('<meta name="shop:theme" content="default">');
  expect(home(school)).toContain('<meta name="shop:theme" content="school">');
  expect(home(def)).toContain('<meta name="shop:breakpoints" content="576,992">');
  expect(home(school)).toContain('<meta name="shop:breakpoints" content="640,1080">');

  // The school theme's markup, tokens and texts are in its build only.
  for (const marker of [
    'school-header',
    'school-footer',
    '--school-crest',
    'school-board',
    'school-size-note',
    '制服・体操服・学校指定用品の専門店',
  ]) {
    expect(containing(school, marker).length, `school build has ${marker}`).toBeGreaterThan(0);
    expect(containing(def, marker), `default build has no ${marker}`).toEqual([]);
  }
  // The default theme's own header, footer and home, and the outlet theme's tokens, are in neither foreign build.
  // (The home's category tiles: the default theme's markup; the block titles are layout data every build carries.)
  for (const marker of ['site-header', 'site-footer', 'class="cats']) {
    expect(containing(def, marker).length, `default build has ${marker}`).toBeGreaterThan(0);
    expect(containing(school, marker), `school build has no ${marker}`).toEqual([]);
  }
  for (const outletToken of ['9a3b0c', '7a2e08']) {
    expect(containing(def, outletToken), `default build has no outlet token ${outletToken}`).toEqual([]);
    expect(containing(school, outletToken), `school build has no outlet token ${outletToken}`).toEqual([]);
  }

  // Content comes from each channel's own snapshot.
  expect(containing(school, '2027年度 新入生の制服ご注文受付を開始しました').length).toBeGreaterThan(0);
  expect(containing(def, '2027年度 新入生の制服ご注文受付を開始しました')).toEqual([]);
  expect(containing(def, '年末年始の営業および配送についてのお知らせ').length).toBeGreaterThan(0);
  expect(containing(school, '年末年始の営業および配送についてのお知らせ')).toEqual([]);
});
