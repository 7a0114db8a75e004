/**
 * Keyboard-only journeys (issue: every journey can be done by keyboard alone with visible focus,
 * focus moves to the result after actions, form errors are announced). The tests reach each control
 * with Tab / Shift+Tab only and act with Enter, Space and the arrow keys; every element that takes
 * the focus on the way must show it (an outline or a box shadow in its computed style).
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addFromProductPage } from './support/cart.ts';
import { demo, hydrated } from './support/checkout.ts';
import { apiHeaders } from './support/member.ts';

/** Whether the focused element (or the card around it) draws its focus: a non-none outline of some width, or a box shadow. */
async function focusShown(page: Page): Promise<{ ok: boolean; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'body' };
    const drawn = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    // A card whose one link covers it shows the focus on the card (:focus-within), a few levels up.
    let ok = drawn(el);
    for (let up = el.parentElement, i = 0; !ok && up && i < 4; up = up.parentElement, i++) ok = up.matches(':focus-within') && drawn(up);
    return { ok, what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}` };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking on every stop that the focus is
 * visible; fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const shown = await focusShown(page);
    if (shown.what !== 'body') expect(shown.ok, `focus visible on ${shown.what}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} not reached with ${max} presses of Tab`);
}

/** Two in-stock products under 20,000 yen (keys and names). */
async function inStockProducts(request: APIRequestContext): Promise<Array<{ key: string; name: string }>> {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    name: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  const found = list.filter((p) => p.is_stock_available && p.product_price_with_tax <= 20_000).slice(0, 2);
  expect(found).toHaveLength(2);
  return found;
}

test('a guest searches, opens a product, adds it with Enter, changes the quantity and removes lines by keyboard', async ({
  page,
  request,
}) => {
  test.slow();
  const [first, second] = await inStockProducts(request);
  // A second line put in beforehand, so removing one leaves a line for the focus to go to.
  await addFromProductPage(page, second.key);

  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'キーワード検索' });
  await tabTo(page, search);
  await page.keyboard.type(first.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/\?keyword=/);

  const result = page.getByRole('main').locator(`a[href="/product/${first.key}/"]`).first();
  await tabTo(page, result, { max: 200 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${first.key}/$`));
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);

  await tabTo(page, page.getByRole('button', { name: 'カートに入れる' }), { max: 200 });
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    page.keyboard.press('Enter'),
  ]);

  await page.goto('/');
  await tabTo(page, page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: /^カート/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/$/);
  const quantity = page.getByRole('combobox', { name: `${first.name}の数量` });
  await hydrated(page, quantity);

  await tabTo(page, quantity);
  await Promise.all([
    page.waitForResponse((r) => /\/v1\/carts\/products\//.test(new URL(r.url()).pathname) && r.status() === 200),
    page.keyboard.press('ArrowDown'),
  ]);
  await expect(quantity).toHaveValue('2');

  // Removing a line: the focus lands on the line now in its place, never on the page body.
  const remaining = page.getByRole('combobox', { name: `${second.name}の数量` });
  const firstIsAbove = await page
    .locator('.cart-line-group')
    .first()
    .getByRole('combobox', { name: `${first.name}の数量` })
    .count();
  await tabTo(page, page.getByRole('button', { name: `${first.name}を削除` }), { back: !firstIsAbove });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `${first.name}を削除` })).toHaveCount(0);
  await expect(remaining).toBeFocused();

  // The last line: the focus goes to the empty-cart message.
  await tabTo(page, page.getByRole('button', { name: `${second.name}を削除` }));
  await page.keyboard.press('Enter');
  const empty = page.locator('[data-cart-empty]');
  await expect(empty).toContainText('カートに商品はありません。');
  await expect(empty).toBeFocused();
});

test('a member logs in and checks out to the confirmation by keyboard', async ({ page, request }) => {
  test.slow();
  const [product] = await inStockProducts(request);
  await addFromProductPage(page, product.key);
  await page.goto('/login/?redirect=%2Fcart%2F');
  const id = page.getByLabel('ログインID');
  await hydrated(page, id);
  await tabTo(page, id);
  await page.keyboard.type(demo.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(demo.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/$/);

  await tabTo(page, page.getByRole('link', { name: 'ご購入手続きへ' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/shipping-select\/$/);
  for (const next of [/\/cart\/shipping-detail\/$/, /\/cart\/payment\/$/]) {
    const button = page.getByRole('button', { name: '次へ', exact: true });
    await hydrated(page, button);
    await tabTo(page, button, { max: 200 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(next);
  }
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await hydrated(page, bank);
  await tabTo(page, page.getByRole('radio').first(), { max: 200 });
  // Arrow keys move through a radio group; Space picks when it is already there.
  for (let i = 0; i < 10 && !(await bank.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(bank).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '確認画面へ' }), { max: 200 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const order = page.getByRole('button', { name: '注文を確定する' });
  await hydrated(page, order);
  await tabTo(page, order, { max: 200 });
  await expect(order).toBeFocused();
});

/** Submits the form holding `field` empty with Enter and checks the errors are announced and linked. */
async function emptySubmitAnnounced(page: Page, path: string, field: Locator): Promise<void> {
  await page.goto(path);
  await hydrated(page, field);
  await tabTo(page, field, { max: 200 });
  await page.keyboard.press('Enter');
  // The focus goes to the first invalid field, which says it is invalid and points at its message.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  const described = await focused.getAttribute('aria-describedby');
  expect(described, `${path}: aria-describedby`).toBeTruthy();
  const messages = await Promise.all(described!.split(/\s+/).map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(messages.join(' '), `${path}: the message the field points at`).toMatch(/必須|入力/);
  const shown = await focusShown(page);
  expect(shown.ok, `${path}: focus visible on ${shown.what}`).toBe(true);
}

test('empty login, register and contact forms announce their errors: focus on the first invalid field, linked to its message', async ({
  page,
}) => {
  await emptySubmitAnnounced(page, '/login/', page.getByLabel('ログインID'));
  await emptySubmitAnnounced(page, '/register/', page.getByLabel(/^ログインID/).first());
  await emptySubmitAnnounced(page, '/contact/', page.getByLabel(/^お名前/));
});

test('the phone menu drawer works by keyboard: focus in, Tab kept inside, Esc closes back to the button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'メニュー' });
  // The plain list is replaced by the button once the drawer script has run.
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '商品一覧' })).toBeHidden();
  await tabTo(page, toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'メニュー' });
  await expect(drawer).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: '商品一覧' })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  // Tab and Shift+Tab go round the drawer's controls and never leave it.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await drawer.evaluate((d) => d.contains(document.activeElement)), `after ${key}`).toBe(true);
    expect((await focusShown(page)).ok).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  // 閉じる closes it as well.
  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: '閉じる' }).focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('without JavaScript the phone menu is the plain list of links, with no menu button', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  for (const name of ['商品一覧', 'カート', 'ログイン']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(nav.getByRole('button')).toHaveCount(0);
  await context.close();
});
