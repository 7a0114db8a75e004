/**
 * `npx node scripts/bench/image-bytes.ts [base]`: the bytes of images the product list (/product/)
 * downloads in Chromium (playwright-core, Debian's binary) at a 390 px phone (2×) and a 1280 px screen
 * (1×), counting every response of resource type `image`: first after the page has loaded and the
 * network is idle (what lazy loading lets in before the shopper scrolls), then after scrolling to
 * the end (every card's image). Per format (the response's Content-Type) and in total; bytes are the
 * response bodies as received. Each viewport is visited once first to warm the server's image cache
 * (the byte counts do not depend on it, the waiting does). `npm run bench` prints the same table
 * (printImageBytes) against the shop it started; default base http://127.0.0.1:4321.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const VIEWPORTS = [
  { label: '390 px (2×)', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
  { label: '1280 px (1×)', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false },
] as const;

export interface ImageTally {
  count: number;
  bytes: number;
  byFormat: Record<string, { count: number; bytes: number }>;
}

const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function tally(list: { type: string; bytes: number }[]): ImageTally {
  const byFormat: ImageTally['byFormat'] = {};
  for (const r of list) {
    const f = (byFormat[r.type] ??= { count: 0, bytes: 0 });
    f.count += 1;
    f.bytes += r.bytes;
  }
  return { count: list.length, bytes: list.reduce((n, r) => n + r.bytes, 0), byFormat };
}

async function scrollToEnd(page: Page) {
  for (let i = 0; i < 200; i++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(120);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}

/** One viewport: the images before scrolling and after scrolling to the end. */
export async function imageBytesAt(browser: Browser, base: string, v: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ viewport: v.viewport, deviceScaleFactor: v.deviceScaleFactor, isMobile: v.isMobile });
  try {
    const page = await context.newPage();
    const seen: Promise<{ type: string; bytes: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'image') return;
      const type = (res.headers()['content-type'] ?? '?').split(';')[0];
      seen.push(
        res.body().then(
          (b) => ({ type, bytes: b.byteLength }),
          () => ({ type, bytes: 0 }),
        ),
      );
    });
    await page.goto(`${base}/product/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const before = tally(await Promise.all(seen));
    await scrollToEnd(page);
    const after = tally(await Promise.all(seen));
    return { before, after };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const formats = (t: ImageTally) =>
  Object.entries(t.byFormat)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, f]) => `${type.replace('image/', '')} ${f.count} × = ${kb(f.bytes)}`)
    .join(', ');

/** The table `npm run bench` prints: per viewport, before and after scrolling, total and per format. */
export async function printImageBytes(base: string): Promise<void> {
  console.log('\nImages the product list downloads (Chromium; response bodies of type image)');
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    for (const v of VIEWPORTS) await imageBytesAt(browser, base, v); // warm the server's image cache
    for (const v of VIEWPORTS) {
      const { before, after } = await imageBytesAt(browser, base, v);
      console.log(
        `  ${v.label.padEnd(13)} before scrolling: ${String(before.count).padStart(3)} images ${kb(before.bytes).padStart(9)}  (${formats(before)})`,
      );
      console.log(
        `  ${''.padEnd(13)} after scrolling:  ${String(after.count).padStart(3)} images ${kb(after.bytes).padStart(9)}  (${formats(after)})`,
      );
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await printImageBytes(process.argv[2] ?? 'http://127.0.0.1:4321');
