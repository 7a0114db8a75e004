/**
 * The school channel's shop (the `school` project of playwright.config.ts: CHANNEL=school on E2E_PORT
 * + 5): its own theme's header, footer, home, product list and detail, cart, news, blog, maker and
 * brand screens, axe-clean; the screen class from the channel's breakpoints; the theme's stricter form
 * rules; the theme router's 404; and a build for a channel the API does not know, which is the
 * invalid-channel layout with only the 404 text.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';

const apiHeaders = { 'X-Channel-Id': 'school', 'X-Requested-With': 'XMLHttpRequest' };

async function apiList<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const res = await request.get(url, { headers: apiHeaders });
  expect(res.status(), `GET ${url}`).toBe(200);
  return res.json();
}

/** The school theme's frame: its header (crest, ribbon, menu) and footer (guide), not the default theme's. */
async function expectSchoolFrame(page: Page) {
  await expect(page.locator('meta[name="shop:theme"]')).toHaveAttribute('content', 'school');
  await expect(page.locator('header.school-header')).toBeVisible();
  await expect(page.locator('header.school-header')).toContainText('制服・体操服・学校指定用品の専門店');
  await expect(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: 'カート' })).toBeVisible();
  await expect(page.locator('footer.school-footer')).toContainText('採寸について');
  await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
}

async function expectAxeClean(page: Page, label: string) {
  expect(await axeProblems(page, label)).toEqual([]);
}

test("home, product list, product detail and cart are the school theme's screens", async ({ page, request }) => {
  await page.goto('/');
  await expectSchoolFrame(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/スクール/);
  await expect(page.locator('.school-steps li')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: '学校からのお知らせ' })).toBeVisible();
  // The school channel's own top layout (seeded): its block titles, in its order, with their data.
  const layoutRes = await request.get('/v1/layouts/top', { headers: apiHeaders });
  expect(layoutRes.status()).toBe(200);
  const layout = (await layoutRes.json()) as { blocks: Array<{ type: string; title?: string | null; alias?: string }> };
  const titled = layout.blocks.filter((b) => b.type !== 'hero' && b.title).map((b) => b.title!);
  expect(titled).toEqual(expect.arrayContaining(['学校から探す', '新入生の制服', '体操服・運動靴', '指定用品']));
  await expect(page.locator('main h2')).toHaveText(titled);
  await expect(page.locator('.school-lead')).toHaveText(layout.blocks.find((b) => b.type === 'hero')!.title!);
  for (const title of ['新入生の制服', '体操服・運動靴', '指定用品']) {
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    await expect(section.locator('.school-grid > li').first(), title).toBeVisible();
  }
  const schools = page.locator('section', { has: page.getByRole('heading', { level: 2, name: '学校から探す' }) });
  for (const school of ['清良学園', '桜ヶ丘高等学校', '緑ヶ丘中学校'])
    await expect(schools.getByRole('link', { name: school })).toBeVisible();
  await expectAxeClean(page, '/');

  await page.goto('/product/');
  await expectSchoolFrame(page);
  await expect(page.locator('.school-list-head h1')).toBeVisible();
  await expect(page.locator('.school-list-head')).toContainText('指定用品');
  await expect(page.locator('.school-grid > li').first()).toBeVisible();
  await expectAxeClean(page, '/product/');

  // A product of the school channel that is in stock.
  const products = await apiList<{ key: string; name: string; is_stock_available: boolean }>(request, '/v1/products?per=50');
  const product = products.find((p) => p.is_stock_available)!;
  expect(product).toBeTruthy();
  await page.goto(`/product/${product.key}/`);
  await expectSchoolFrame(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.locator('.school-size-note')).toContainText('採寸のめやす');
  await expect(page.getByRole('table')).toContainText('品番');
  await expectAxeClean(page, `/product/${product.key}/`);

  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    page.getByRole('button', { name: 'カートに入れる' }).click(),
  ]);
  await page.goto('/cart/');
  await expectSchoolFrame(page);
  await expect(page.getByRole('heading', { name: 'ご注文内容の確認（カート）' })).toBeVisible();
  await expect(page.locator('.school-cart-note')).toContainText('裾上げ・刺繍済みの品は交換できません');
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  await expectAxeClean(page, '/cart/');
});

test("news, blog, maker and brand screens are the school theme's, with the school channel's content", async ({ page, request }) => {
  await page.goto('/news/');
  await expectSchoolFrame(page);
  await expect(page.locator('table.school-board')).toContainText('2027年度 新入生の制服ご注文受付を開始しました');
  await expectAxeClean(page, '/news/');
  await page.getByRole('link', { name: '2027年度 新入生の制服ご注文受付を開始しました' }).click();
  await expect(page).toHaveURL(/\/news\/spring-2027-orders\/$/);
  await expect(page.locator('article.school-notice')).toContainText('学校キー');
  await expectAxeClean(page, '/news/spring-2027-orders/');

  await page.goto('/blog/');
  await expectSchoolFrame(page);
  await expect(page.getByRole('heading', { level: 1, name: 'スクールブログ' })).toBeVisible();
  await expect(page.locator('.school-posts > li')).toHaveCount(2);
  await expectAxeClean(page, '/blog/');
  await page.getByRole('link', { name: 'ご自宅でできる採寸のしかた' }).click();
  await expect(page.locator('article.school-post h1')).toHaveText('ご自宅でできる採寸のしかた');
  await expectAxeClean(page, '/blog/measuring/');

  await page.goto('/maker/');
  await expectSchoolFrame(page);
  await expect(page.getByRole('heading', { level: 1, name: '取り扱いメーカー' })).toBeVisible();
  await expectAxeClean(page, '/maker/');
  // A maker with brands: its page shows the school brand tiles.
  const makers = await apiList<{ key: string; name: string }>(request, '/v1/makers?per=all');
  const brands = await apiList<{ key: string; name: string; maker_id?: number; maker?: { key: string } | null }>(
    request,
    '/v1/brands?per=all',
  );
  expect(brands.length).toBeGreaterThan(0);
  let shown = false;
  for (const maker of makers.slice(0, 8)) {
    await page.goto(`/maker/${maker.key}/`);
    await expect(page.locator('article.school-maker h1')).toHaveText(maker.name);
    if (await page.locator('section.school-brands').count()) {
      await expect(page.locator('section.school-brands a').first()).toHaveAttribute('href', /\/product\/\?brand=/);
      await expectAxeClean(page, `/maker/${maker.key}/`);
      shown = true;
      break;
    }
  }
  expect(shown, 'a maker page with the school brand list').toBe(true);
});

test("the screen class follows the school channel's breakpoints (phone ≤ 640, pc > 1080)", async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/news/');
  await expect(page.locator('meta[name="shop:breakpoints"]')).toHaveAttribute('content', '640,1080');
  // 600 px is a tablet on the default channel (SM 576) but a phone here.
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'phone');
  await expect(page.locator('.school-ribbon')).toBeHidden();
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'tablet');
  await expect(page.locator('.school-ribbon')).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(page.locator('html')).toHaveAttribute('data-screen', 'pc');
});

test("the registration form applies the school theme's rules (full-width names, strict password)", async ({ page }) => {
  await page.goto('/register/');
  await expectSchoolFrame(page);
  await page.getByLabel('姓', { exact: true }).fill('Yamada');
  await page.getByLabel('パスワード', { exact: true }).fill('abcdefgh');
  await page.getByRole('button', { name: '会員登録' }).click();
  await expect(page.getByText('姓は全角で入力してください')).toBeVisible();
  await expect(
    page.getByText('パスワードは半角英字と数字を組み合わせて8文字以上で入力してください（記号は - _ . が使えます）'),
  ).toBeVisible();
});

test('registration asks for the school key: a wrong key is a field error (focus on it), the right one registers', async ({ page }) => {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.goto('/register/');
  await expectSchoolFrame(page);
  const submit = page.getByRole('button', { name: '会員登録', exact: true });
  await expect(submit).toBeVisible();
  await expect(page.locator('astro-island[ssr]', { has: submit })).toHaveCount(0);
  const key = field('学校キー');
  await expect(key).toBeVisible();
  await expect(key).toHaveAttribute('required', '');
  await expect(key).toHaveAccessibleDescription(/学校から配布された学校キー/);

  // Left with an unknown key: POST /v1/schools/check says no, and the message shows on the field.
  await key.fill('WRONG2026');
  const checked = page.waitForResponse((r) => r.url().endsWith('/v1/schools/check') && r.request().method() === 'POST');
  await field('姓').focus();
  expect(await (await checked).json()).toMatchObject({ check: false });
  await expect(page.getByText('学校キーが正しくありません', { exact: true })).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(/学校キーが正しくありません/);

  const id = `sch${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await field('姓').fill('山田');
  await field('名').fill('花子');
  await field('セイ').fill('ヤマダ');
  await field('メイ').fill('ハナコ');
  await field('メールアドレス').fill(`${id}@example.jp`);
  await field('ログインID').fill(id);
  await field('パスワード').fill('school2026pass');
  await field('携帯電話番号').fill('09012345678');
  await page.getByRole('radio', { name: '受け取らない' }).check();
  await field('秘密の質問').selectOption({ index: 1 });
  await field('秘密の質問の答え').fill('カレー');

  // Sent with the wrong key: refused on the field, focus there, nothing registered.
  await submit.click();
  await expect(key).toBeFocused();
  await expect(page.getByText('学校キーが正しくありません', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/register\/$/);
  await expectAxeClean(page, '/register/ school key error');

  // The school's key (width and case ignored): registered.
  await key.fill('midori2027');
  await expect(page.getByText('学校キーが正しくありません', { exact: true })).toHaveCount(0);
  const registered = page.waitForResponse((r) => r.url().endsWith('/v1/users') && r.request().method() === 'POST');
  await submit.click();
  expect((await registered).status()).toBe(201);
  await expect(page).toHaveURL(/\/register\/complete\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員登録が完了しました' })).toBeVisible();
});

test('an unknown path is the 404 page with the Japanese text only, not 「This page could not be found」', async ({ page }) => {
  const res = await page.goto('/no-such-school-page/');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
  await expect(page.getByText('This page could not be found')).toHaveCount(0);
  await expectSchoolFrame(page);
  await expectAxeClean(page, '/no-such-school-page/');
});

test('a build for a channel the API does not know is the invalid-channel layout with only the 404 text', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const root = path.resolve(import.meta.dirname, '../..');
  const out = path.join(root, '.data', `e2e-invalid-${new URL(baseURL!).port}`);
  rmSync(out, { recursive: true, force: true });
  // `npm run build -- --channel NAME` against this shop's API, into a folder of its own.
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.ts', '--channel', 'no-such-school'], {
      cwd: root,
      stdio: 'pipe',
      env: {
        ...process.env,
        API_BASE_URL: baseURL,
        SHOP_DIST_DIR: path.join(out, 'dist'),
        CONTENT_SNAPSHOT_DIR: path.join(out, 'snapshot'),
        CHANNEL: '',
      },
    });
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
    });
    child.stderr.on('data', (d) => {
      log += d;
    });
    child.on('error', reject);
    child.on('exit', (c) => {
      if (c !== 0) console.log(log);
      resolve(c);
    });
  });
  expect(code).toBe(0);
  for (const file of ['404.html', 'news/index.html', 'maker/index.html']) {
    const html = readFileSync(path.join(out, 'dist', 'client', file), 'utf8');
    await page.setContent(html.replace(/<meta http-equiv="content-security-policy"[^>]*>/, ''));
    await expect(page.locator('meta[name="shop:channel"]'), file).toHaveAttribute('content', 'no-such-school');
    await expect(page.getByRole('heading', { name: '404 Not Found' }), file).toBeVisible();
    await expect(page.getByText('お探しのページが見つかりませんでした。'), file).toBeVisible();
    // Only the 404 text: no header, footer, menu, links or the way back to the top.
    await expect(page.locator('header, footer, nav'), file).toHaveCount(0);
    await expect(page.getByRole('link'), file).toHaveCount(0);
    await expect(page.locator('main').getByText('This page could not be found'), file).toHaveCount(0);
    await expectAxeClean(page, `invalid channel ${file}`);
  }

  // The production server on that build (scripts/host/start.ts against this shop's API): every page, pre-rendered
  // or on demand, answers 404 with the invalid-channel page; its styles and favicon still load.
  const shop = spawn(process.execPath, ['scripts/host/start.ts'], {
    cwd: root,
    stdio: 'pipe',
    env: {
      ...process.env,
      PORT: '0',
      API_BASE_URL: baseURL,
      PUBLIC_API_BASE_URL: '',
      CHANNEL: 'no-such-school',
      CONTENT_POLL_MS: '0',
      SHOP_DIST_DIR: path.join(out, 'dist'),
      CONTENT_SNAPSHOT_DIR: path.join(out, 'snapshot'),
      DATABASE_URL: '',
      REBUILD_SECRET: '',
    },
  });
  try {
    const shopURL = await new Promise<string>((resolve, reject) => {
      let log = '';
      const onData = (d: Buffer) => {
        log += d;
        const ready = /Shop ready at (http:\/\/localhost:\d+)/.exec(log);
        if (ready) resolve(ready[1]);
      };
      shop.stdout.on('data', onData);
      shop.stderr.on('data', onData);
      shop.on('error', reject);
      shop.on('exit', (c) => reject(new Error(`start.ts exited with ${c}:\n${log}`)));
    });
    let stylesheet = '';
    for (const pathname of ['/', '/news/', '/blog/', '/product/', '/products/', '/cart/', '/does-not-exist/']) {
      const res = await page.goto(`${shopURL}${pathname}`);
      expect(res?.status(), pathname).toBe(404);
      await expect(page.locator('meta[name="shop:channel"]'), pathname).toHaveAttribute('content', 'no-such-school');
      await expect(page.getByRole('heading', { name: '404 Not Found' }), pathname).toBeVisible();
      await expect(page.getByText('お探しのページが見つかりませんでした。'), pathname).toBeVisible();
      await expect(page.locator('header, footer, nav'), pathname).toHaveCount(0);
      await expect(page.getByRole('link'), pathname).toHaveCount(0);
      stylesheet = (await page.locator('link[rel="stylesheet"]').first().getAttribute('href')) ?? '';
    }
    expect(stylesheet).toMatch(/^\/_astro\/.+\.css$/);
    const css = await page.request.get(`${shopURL}${stylesheet}`);
    expect(css.status()).toBe(200);
    expect(css.headers()['content-type']).toContain('text/css');
    const favicon = await page.request.get(`${shopURL}/favicon.svg`);
    expect(favicon.status()).toBe(200);
    // The page is styled: the global stylesheet applies (the body is not the browser's default serif at 8 px margin).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).not.toBe('8px');
    // A storefront with an external API proxies nothing: /v1 here says where the API is (nginx routes it).
    const api = await page.request.get(`${shopURL}/v1/products`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'common.not_found', message: expect.stringContaining('PUBLIC_API_BASE_URL') });
    // Nothing outside the build is served as a static file.
    expect((await page.request.get(`${shopURL}/_astro/..%2f..%2fserver%2fentry.mjs`)).status()).toBe(404);
  } finally {
    shop.kill('SIGTERM');
    await new Promise((resolve) => {
      if (shop.exitCode !== null) resolve(null);
      else shop.once('exit', resolve);
    });
  }
  rmSync(out, { recursive: true, force: true });
});

test('the school theme passes axe (every impact) at desktop and phone sizes, and its phone menu is a keyboard drawer', async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  const sweep = async (label: string) => {
    for (const [size, viewport, screen] of [
      ['desktop', { width: 1280, height: 800 }, 'pc'],
      ['phone', { width: 375, height: 812 }, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForFunction((s) => document.documentElement.dataset.screen === s, screen);
      problems.push(...(await axeProblems(page, `${label} @${size}`, { allImpacts: true })));
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  const products = await apiList<{ key: string; is_stock_available: boolean }>(request, '/v1/products?per=50');
  const product = products.find((p) => p.is_stock_available)!;
  await page.goto('/');
  await sweep('/');
  await page.goto(`/product/${product.key}/`);
  await sweep(`/product/${product.key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    page.getByRole('button', { name: 'カートに入れる' }).click(),
  ]);
  await page.goto('/cart/');
  await expect(page.locator('.cart-line').first()).toBeVisible();
  await sweep('/cart/');

  // The drawer at the school channel's phone width: opened with Enter, focus inside, Esc back to the button.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.locator('header.school-header').getByRole('button', { name: 'メニュー' });
  await expect(toggle).toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'メニュー' });
  await expect(drawer.getByRole('link', { name: '商品一覧' })).toBeFocused();
  problems.push(...(await axeProblems(page, 'drawer open @phone', { allImpacts: true })));
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  expect(problems).toEqual([]);
});
