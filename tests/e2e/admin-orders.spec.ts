/**
 * The staff's order screens (/admin/orders/, /admin/orders/{id}/) in a real browser, logged in as the
 * development staff member, on orders placed through the Shop API by a throwaway member: the list
 * searched (name in hiragana, e-mail, payment method) and sorted, the B2 CSV downloaded in Shift_JIS (its header row decoded); a
 * bank-transfer order marked paid, then shipped with the keyboard only; a card order shipped with a
 * tracking number (captured; the customer's mail carries the tracking link); an amount change with
 * its field error first; a cancellation with a reason; a paid bank transfer cancelled, then marked
 * 返金済み (its warning gone). Every action goes through its confirmation
 * panel; axe on the list, the detail and a confirmation. API side: tests/api/admin-orders-list.test.ts
 * and hO2's action tests.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { probeStock } from './support/cart.ts';
import { accountHeaders, logInToBackOffice, STAFF } from './support/editor.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { apiHeaders, apiToken, authHeaders, type Member, registerThrowaway } from './support/member.ts';

test.describe.configure({ mode: 'serial' });

let member: Member;
let token: string;
let addressId: number;
let productId: number;
const payments: Record<string, number> = {};

test.beforeAll(async ({ request }) => {
  member = await registerThrowaway(request, 'juchu', { last: '受注', first: '花子', lastKana: 'ジュチュウ', firstKana: 'ハナコ' });
  token = await apiToken(request, member.username, member.password);
  const address = await request.post('/v1/me/user-addresses', {
    headers: authHeaders(token),
    data: {
      name: '自宅',
      last_name: '受注',
      first_name: '花子',
      last_name_kana: 'ジュチュウ',
      first_name_kana: 'ハナコ',
      postal_code: '150-0001',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '神宮前1-2-3',
      address2: '',
      phone_number: '0312345678',
      is_default: true,
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  addressId = (await address.json()).id;
  for (const p of (await (await request.get('/v1/payments', { headers: apiHeaders })).json()) as { id: number; code: string }[])
    payments[p.code] = p.id;
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    id: number;
    is_stock_available: boolean;
  }>;
  for (const p of list.filter((x) => x.is_stock_available)) {
    const left = await probeStock(request, p.id);
    if (left === null || left >= 10) {
      productId = p.id;
      break;
    }
  }
  expect(productId, 'a product with 10 or more in stock').toBeTruthy();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** An order of two of the product by the throwaway member, paid by `payment` (a card: tokenised at the test provider). */
async function placeOrder(
  request: APIRequestContext,
  payment: 'bank_transfer' | 'cod' | 'card',
  baseURL: string,
): Promise<{ id: number; no: string }> {
  const auth = authHeaders(token);
  const { token: cart } = await (await request.post('/v1/carts/init', { headers: apiHeaders, data: {} })).json();
  const ok = async (path: string, data: object) => {
    const res = await request.patch(`/v1/carts/${path}`, { headers: auth, data: { token: cart, ...data } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await ok('products/add', { product_id: productId, quantity: 2 });
  await ok('shippings/add', { user_address_id: addressId });
  let card = {};
  if (payment === 'card') {
    const settings = (await (await request.get('/v1/settings/payment-service/card', { headers: apiHeaders })).json()) as {
      provider: { origin: string; public_key: string };
    };
    const tok = await request.post(`${settings.provider.origin}/tokens`, {
      headers: { origin: new URL(baseURL).origin },
      data: { key: settings.provider.public_key, number: '4242424242424242', expiry: '203112', code: '123', name: 'HANAKO JUCHU' },
    });
    expect(tok.status(), await tok.text()).toBeLessThan(300);
    card = { card_token: (await tok.json()).id };
  }
  await ok('order/modify', { payment_id: payments[payment], ...card });
  const decided = await request.post(`/v1/carts/${cart}/decision`, { headers: auth, data: {} });
  expect(decided.status(), await decided.text()).toBe(200);
  const body = (await decided.json()) as { order_id: number; order_no: string };
  return { id: body.order_id, no: body.order_no };
}

const logIn = (page: Page) => logInToBackOffice(page);

const confirmPanel = (page: Page, title: string) => page.getByRole('region', { name: `${title}の確認` });

test('the list finds an order by name, e-mail and payment method, sorts, and downloads the B2 CSV in Shift_JIS', async ({
  page,
  request,
  baseURL,
}) => {
  const first = await placeOrder(request, 'cod', baseURL!);
  const second = await placeOrder(request, 'bank_transfer', baseURL!);
  await logIn(page);
  await page.getByRole('link', { name: '受注管理' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '受注一覧' })).toBeVisible();
  const res = await page.request.get('/admin/orders/');
  expect(res.headers()['cache-control']).toBe('private, no-store');
  expect(await axeProblems(page, 'order list')).toEqual([]);

  // Newest first: the bank-transfer order above the 代引 one.
  const table = page.getByRole('table', { name: /^受注一覧/ });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(second.no);
  await expect(rows.nth(2)).toContainText(first.no);

  await page.getByLabel('お名前・フリガナ').fill('じゅちゅう はなこ');
  await page.getByLabel('メールアドレス').fill(member.email.toUpperCase());
  await page.getByLabel('支払方法').selectOption({ label: '代金引換' });
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(first.no);
  await expect(rows.nth(1)).toContainText('受注 花子');
  await expect(rows.nth(1)).toContainText('未発送');
  await expect(rows.nth(1)).toContainText('0/1');
  await expect(page.getByLabel('支払方法')).toHaveValue('cod');

  // The B2 file of this search: one delivery, Shift_JIS, the layout's header row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'ヤマト B2クラウド（Shift_JIS）' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-b2-\d{8}-sjis\.csv$/);
  const bytes = await (await import('node:fs/promises')).readFile(await download.path());
  const lines = new TextDecoder('shift_jis', { fatal: true }).decode(bytes).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^"お客様管理番号","送り状種類","クール区分",/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"${first.no}","2",`));
  expect(lines[1]).toContain('"受注 花子"');

  // Sorted by 合計 from its heading, then the other way round.
  await page.getByLabel('お名前・フリガナ').fill('受注花子');
  await page.getByLabel('支払方法').selectOption('');
  await page.getByRole('button', { name: '検索する' }).click();
  await page.getByRole('link', { name: /^合計/ }).click();
  await expect(page.getByRole('columnheader', { name: /^合計/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('link', { name: /^合計/ }).click();
  await expect(page.getByRole('columnheader', { name: /^合計/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByLabel('お名前・フリガナ')).toHaveValue('受注花子');
});

test('a bank-transfer order: 入金確認 after its confirmation, then 発送 with the keyboard only', async ({ page, request, baseURL }) => {
  const order = await placeOrder(request, 'bank_transfer', baseURL!);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: `受注 ${order.no}` })).toBeVisible();
  // 前払い: no 発送 before the payment.
  await expect(page.getByRole('button', { name: '発送する' })).toHaveCount(0);
  expect(await axeProblems(page, 'order detail')).toEqual([]);

  await page.getByRole('button', { name: '入金を確認する' }).click();
  await expect(confirmPanel(page, '入金確認')).toBeVisible();
  expect(await axeProblems(page, 'paid confirmation')).toEqual([]);
  await confirmPanel(page, '入金確認').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toHaveText(/入金を確認しました/);
  await expect(page.getByRole('button', { name: '入金を確認する' })).toHaveCount(0);

  // 発送 by keyboard: the 伝票番号 field, Enter, then Enter on the confirmation's focused 確定する.
  const since = Date.now();
  await page.getByLabel('伝票番号').focus();
  await page.keyboard.type('1234-5678-9012');
  await page.keyboard.press('Enter');
  await expect(confirmPanel(page, '発送')).toContainText('1234-5678-9012');
  await expect(confirmPanel(page, '発送').getByRole('button', { name: '確定する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/発送/);
  await expect(page.getByRole('link', { name: '1234-5678-9012' })).toHaveAttribute('href', /kuronekoyamato.*123456789012/);
  await expect(page.getByRole('table', { name: /対応履歴/ })).toContainText('開発用スタッフ');
  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes(order.no) && m.subject.includes('発送'), { since });
  expect(linkIn(mail, '/jizen/')).toContain('123456789012');
});

test('a card order is shipped with 佐川急便: the card captured, the customer mailed the tracking link', async ({
  page,
  request,
  baseURL,
}) => {
  const order = await placeOrder(request, 'card', baseURL!);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}/`);
  await expect(page.getByText('カード与信済み').first()).toBeVisible();
  const since = Date.now();
  await page.getByLabel('配送業者').selectOption({ label: '佐川急便' });
  await page.getByLabel('伝票番号').fill('ab');
  await page.getByRole('button', { name: '発送する' }).click();
  // Checked before any confirmation: the message by the field.
  await expect(page.getByLabel('伝票番号')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('伝票番号は半角英数字とハイフンで4〜30文字で入力してください')).toBeVisible();
  await expect(confirmPanel(page, '発送')).toHaveCount(0);
  await page.getByLabel('伝票番号').fill('3698-7412-5896');
  await page.getByRole('button', { name: '発送する' }).click();
  await confirmPanel(page, '発送').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByText('カード売上確定').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '3698-7412-5896' })).toHaveAttribute('href', /sagawa-exp.*369874125896/);
  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes(order.no) && m.subject.includes('発送'), { since });
  expect(linkIn(mail, '/p/web/okurijosearch.do')).toContain('369874125896');
});

test('an amount change (its missing reason shown by the field first) and a cancellation with a reason', async ({
  page,
  request,
  baseURL,
}) => {
  const order = await placeOrder(request, 'cod', baseURL!);
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}/`);
  const quantity = page.getByRole('spinbutton', { name: /の変更後の数量$/ });
  await quantity.fill('1');
  await page.getByRole('button', { name: '金額を変更する' }).click();
  await expect(page.getByRole('alert')).toHaveText('入力内容に誤りがあります。');
  await expect(page.getByLabel('変更理由')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('変更理由は必須項目です')).toBeVisible();
  await expect(quantity).toHaveValue('1');
  await page.getByLabel('変更理由').fill('お電話で1点に変更のご依頼');
  await page.getByRole('button', { name: '金額を変更する' }).click();
  await expect(confirmPanel(page, '金額変更')).toContainText('2点 → 1点');
  await confirmPanel(page, '金額変更').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  // 数量, the fourth cell of the line.
  await expect(
    page
      .getByRole('table', { name: /^ご注文商品/ })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .nth(3),
  ).toHaveText('1');
  await expect(page.getByRole('table', { name: /対応履歴/ })).toContainText('お電話で1点に変更のご依頼');

  await page.getByLabel('キャンセル理由').fill('お客様のご都合によるキャンセル');
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  await expect(confirmPanel(page, 'キャンセル')).toContainText('お客様のご都合によるキャンセル');
  // 入力に戻る keeps what was typed.
  await confirmPanel(page, 'キャンセル').getByRole('button', { name: '入力に戻る' }).click();
  await expect(page.getByLabel('キャンセル理由')).toHaveValue('お客様のご都合によるキャンセル');
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  await confirmPanel(page, 'キャンセル').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toHaveText(/キャンセルしました/);
  await expect(page.getByText('キャンセル理由').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'キャンセルする' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '金額を変更する' })).toHaveCount(0);
});

test('a paid bank transfer cancelled: its refund by hand is marked 返金済み with a memo, the warning goes', async ({
  page,
  request,
  baseURL,
}) => {
  const order = await placeOrder(request, 'bank_transfer', baseURL!);
  const headers = await accountHeaders(request, STAFF);
  for (const [path, data] of [
    ['paid', undefined],
    ['cancel', { reason: 'お客様のご都合' }],
  ] as const) {
    const res = await request.post(`/admin/v1/orders/${order.id}/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  await logIn(page);
  await page.goto(`/admin/orders/${order.id}/`);
  const warnings = page.getByRole('region', { name: '対応が必要です' });
  await expect(warnings).toContainText('自動では返金されません');
  await page.getByLabel('返金メモ（任意）').fill('12/3 お客様口座へ振込');
  await page.getByRole('button', { name: '返金済みにする' }).click();
  await expect(confirmPanel(page, '返金済みにする')).toContainText('12/3 お客様口座へ振込');
  expect(await axeProblems(page, 'refunded confirmation')).toEqual([]);
  await confirmPanel(page, '返金済みにする').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toHaveText(/返金済みにしました/);
  await expect(warnings).toHaveCount(0);
  await expect(page.getByRole('button', { name: '返金済みにする' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /対応履歴/ })).toContainText('12/3 お客様口座へ振込');
});
