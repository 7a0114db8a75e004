/**
 * Spec issue 4 in a real browser against the real shop (E2E_PORT=4411): every page, static file and
 * API answer carries the security headers; pages run under a Content-Security-Policy without
 * 'unsafe-inline' scripts and report no violation while the islands (add to cart, login, checkout)
 * still work; HTML, JS and JSON are compressed when asked; hashed assets are immutable.
 */
import { request as httpRequest } from 'node:http';
import { expect, type Page, test } from '@playwright/test';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

function expectPageHeaders(res: { headers(): Record<string, string> } | null, label: string) {
  expect(res, label).toBeTruthy();
  const h = res!.headers();
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['content-security-policy'], label).toContain("frame-ancestors 'none'");
  expect(h['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(h['permissions-policy'], label).toBeTruthy();
  expect(h['strict-transport-security'], `${label}: no HSTS over plain http`).toBeUndefined();
}

/**
 * The page's script-src, from Astro's policy (a header on on-demand pages, a <meta> on pre-rendered
 * ones): 'self' and hashes, never 'unsafe-inline'.
 */
async function expectStrictScripts(res: { headers(): Record<string, string>; text(): Promise<string> } | null, label: string) {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(await res!.text())?.[1] ?? '';
  const policies = [res?.headers()['content-security-policy'] ?? '', meta].join(', ');
  const scriptSrc = /script-src([^;,]*)/.exec(policies)?.[1] ?? '';
  expect(scriptSrc, `${label}: ${policies}`).toContain("'self'");
  expect(scriptSrc, label).toMatch(/'sha(256|384|512)-/);
  expect(policies, label).not.toMatch(/script-src[^;,]*unsafe-inline/);
}

async function hydrated(page: Page, name: string, role: 'button' | 'textbox' = 'button') {
  const target = role === 'button' ? page.getByRole('button', { name, exact: true }) : page.getByLabel(name);
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
  return target;
}

/** A raw GET with a chosen Accept-Encoding, reporting the status and headers as sent. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/**
 * Opens `path` and lets its islands finish. A screen may send the shopper on by itself (the signed-in
 * member on the guest-only /login/ goes to /ec/, a checkout step without its data goes back a step),
 * which can cut this navigation or the next one short: that is the screen working, not a failure.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path).catch((error: unknown) => {
    if (!/interrupted by another navigation|ERR_ABORTED/.test(String(error))) throw error;
  });
  await page.waitForLoadState('networkidle');
}

test('pages carry the security headers and a strict script policy, and the islands work without a CSP violation', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  const products = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as {
    key: string;
    name: string;
    is_stock_available: boolean;
  }[];
  const product = products.find((p) => p.is_stock_available)!;

  const home = await page.goto('/');
  expectPageHeaders(home, '/');
  await expectStrictScripts(home, '/');

  const detail = await page.goto(`/product/${product.key}/`);
  expectPageHeaders(detail, 'product page');
  await expectStrictScripts(detail, 'product page');
  const addToCart = await hydrated(page, 'カートに入れる');
  const [added] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/'), addToCart.click()]);
  expect(added.status()).toBe(200);
  expect(await added.json()).toMatchObject({ ok: true });
  expectPageHeaders(added, 'add-to-cart answer');
  const api = await page.request.get('/v1/products?page=1', { headers: apiHeaders });
  expectPageHeaders(api, 'API answer');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");

  expectPageHeaders(await page.goto('/cart/'), '/cart/');
  await expect(page.getByText(product.name).first()).toBeVisible();
  // A link or a button, depending on the screen's version.
  const checkout = page
    .getByRole('link', { name: 'ご購入手続きへ', exact: true })
    .or(page.getByRole('button', { name: 'ご購入手続きへ', exact: true }));
  await expect(page.locator('astro-island[ssr]', { has: checkout })).toHaveCount(0);
  await checkout.click();
  await expect(page).toHaveURL(/\/login\//);
  await (await hydrated(page, 'ログインID', 'textbox')).fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/shipping-select\/$/);
  await expect(page.getByRole('radio', { name: /東京都渋谷区/ })).toBeChecked();
  // The address is set; the delivery date step renders its form under the policy too.
  await (await hydrated(page, '次へ')).click();
  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  await expect(page.getByLabel('お届け先のお届け希望日')).toBeVisible();

  for (const path of ['/cart/shipping-select/', '/cart/shipping-detail/', '/cart/payment/', '/cart/confirm/', '/login/', '/news/']) {
    // Read as fetched (an island may move on to the next step before the body could be read).
    const fetched = await page.request.get(path);
    expectPageHeaders(fetched, path);
    await expectStrictScripts(fetched, path);
    await visit(page, path); // and render it, so the islands run under the policy
  }
  expect(violations, violations.join('\n')).toEqual([]);
});

test('checkout cannot be framed by another page', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/frame-ancestors|Refused to display/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/');
  await page.setContent(`<iframe id="f" src="${new URL('/cart/', page.url()).href}"></iframe>`);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('HTML, JS and JSON are compressed as negotiated, and hashed assets are immutable', async ({ baseURL, request }) => {
  // The login page's island names its hashed script in the HTML.
  const html = await (await request.get('/login/')).text();
  const jsPath = /\/_astro\/[^"'\s]+\.js/.exec(html)?.[0];
  expect(jsPath, 'a hashed script under /_astro/').toBeTruthy();

  for (const [path, type] of [
    ['/', /text\/html/],
    ['/news/', /text\/html/],
    [jsPath!, /javascript/],
    ['/v1/products?page=1', /json/],
  ] as const) {
    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(`${baseURL}${path}`, { 'Accept-Encoding': encoding, ...apiHeaders });
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type']), path).toMatch(type);
      expect(res.headers['content-encoding'], `${path} with ${encoding}`).toBe(encoding);
      expect(String(res.headers.vary), path).toMatch(/Accept-Encoding/i);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
    const plain = await rawGet(`${baseURL}${path}`, { 'Accept-Encoding': 'identity', ...apiHeaders });
    expect(plain.headers['content-encoding'], `${path} without compression`).toBeUndefined();
  }
  const js = await rawGet(`${baseURL}${jsPath}`, {});
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // Small answers (public.json is under 1 KB) are not worth compressing, but carry the headers.
  const small = await rawGet(`${baseURL}/public.json`, { 'Accept-Encoding': 'br' });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.headers['content-security-policy']).toContain("default-src 'none'");
});
