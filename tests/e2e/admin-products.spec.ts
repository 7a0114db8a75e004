/**
 * The staff's stock and price screens (/admin/products/) in a real browser, as the development
 * staff member: the search by code and the 在庫切れ filter; a variant's stock set to 0 (with the
 * confirmation) and then, by keyboard only, raised again, which mails the restock request a member
 * left while it was sold out (SMTP capture); a small Shift_JIS CSV's dry run and apply; axe on every
 * screen. The products touched are put back as found after each test (API side of every rule:
 * tests/api/admin-products*.test.ts).
 */
import { type APIRequestContext, expect, request as newRequest, type Page, test } from '@playwright/test';
import { shiftJis } from '../support/shift-jis.ts';
import { axeProblems } from './support/a11y.ts';
import { API_HEADERS, accountHeaders, logInToBackOffice, STAFF } from './support/editor.ts';
import { waitForMail } from './support/mailbox.ts';

interface Row {
  id: number;
  key: string;
  code: string;
  stock: number;
  product_price: number;
  before_price: number | null;
  is_published: boolean;
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const staff = (request: APIRequestContext) => accountHeaders(request, STAFF);
/** A variant section's name: its code, then its colour and size in brackets. */
const variantName = (code: string) => new RegExp(`^${code}(（|$)`);

/** Products of one maker well in stock (not the ones the checkout specs buy), as the API lists them. */
async function productsOf(request: APIRequestContext, makerName: string, n: number): Promise<Row[]> {
  const headers = await staff(request);
  const makers = (await (await request.get('/admin/v1/products/makers', { headers })).json()) as Array<{ id: number; name: string }>;
  const maker = makers.find((m) => m.name === makerName)!;
  const rows = (await (await request.get(`/admin/v1/products?maker=${maker.id}&stock=in&published=1`, { headers })).json()) as Row[];
  expect(rows.length).toBeGreaterThanOrEqual(n);
  return rows.slice(0, n);
}

/** Puts the products back as they were (the stock the API has now is the form's expected_stock). */
async function restore(baseURL: string | undefined, rows: Row[]) {
  const request = await newRequest.newContext({ baseURL });
  try {
    const headers = await staff(request);
    for (const r of rows) {
      const [now] = (await (await request.get(`/admin/v1/products?q=${encodeURIComponent(r.code)}`, { headers })).json()) as Row[];
      const res = await request.patch(`/admin/v1/products/${r.id}`, {
        headers,
        data: {
          stock: r.stock,
          expected_stock: now.stock,
          product_price: r.product_price,
          before_price: r.before_price,
          is_published: r.is_published,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  } finally {
    await request.dispose();
  }
}

async function logIn(page: Page) {
  await logInToBackOffice(page);
  await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '商品・在庫' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '商品・在庫' })).toBeVisible();
}

test('search by code and the 在庫切れ filter, axe-clean', async ({ page, request }) => {
  const [p] = await productsOf(request, '南部鉄器 盛岡工房', 1);
  await logIn(page);
  expect(await axeProblems(page, 'product list')).toEqual([]);
  await page.getByLabel('商品名・商品コード').fill(p.code);
  await page.getByRole('button', { name: '検索する' }).click();
  const table = page.getByRole('table', { name: /商品一覧/ });
  await expect(table.getByRole('rowheader').first()).toHaveText(p.code);
  await page.getByRole('navigation', { name: '在庫の絞り込み' }).getByRole('link', { name: '在庫切れ' }).click();
  await expect(page.getByLabel('在庫', { exact: true })).toHaveValue('out');
  for (const stock of await table.locator('tbody td.admin-num:nth-of-type(4)').allTextContents()) expect(stock).toMatch(/^0在庫なし$/);
  expect(await axeProblems(page, 'out of stock list')).toEqual([]);
});

test.describe('a variant sold out and restocked', () => {
  let touched: Row[] = [];
  test.afterEach(async ({ baseURL }) => {
    await restore(baseURL, touched);
  });

  test('stock to 0 with a confirmation, then raised by keyboard: the waiting restock request is mailed', async ({ page, request }) => {
    touched = await productsOf(request, '南部鉄器 盛岡工房', 1);
    const p = touched[0];
    await logIn(page);
    await page.goto(`/admin/products/${p.id}/`);
    const section = page.getByRole('region', { name: variantName(p.code) });
    expect(await axeProblems(page, 'product screen')).toEqual([]);

    await section.getByLabel('在庫数').fill('0');
    await section.getByRole('button', { name: '保存する' }).click();
    const confirm = page.getByRole('region', { name: `${p.code} の変更を確認してください` });
    await expect(confirm).toContainText('在庫数を 0 にします');
    expect(await axeProblems(page, 'confirmation')).toEqual([]);
    await confirm.getByRole('button', { name: '確定する' }).click();
    await expect(page.getByRole('status')).toHaveText(`${p.code} の在庫数を保存しました。`);

    // A member asks to be told when it is back (their verified address: confirmed at once).
    const login = await request.post('/v1/auth/login', { headers: API_HEADERS, data: { username: 'demo', password: 'demo-pass-2026' } });
    const member = (await login.json()).access_token as string;
    const asked = await request.post('/v1/product-requests', {
      headers: { ...API_HEADERS, Authorization: `Bearer ${member}` },
      data: { product_id: p.id },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    // Keyboard only: into the stock field, a new number, Enter submits the form.
    const since = Date.now();
    await page.reload();
    const stock = page.getByRole('region', { name: variantName(p.code) }).getByLabel('在庫数');
    await stock.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`${p.code} の在庫数を保存しました。 再入荷のお知らせを 1 件送信しました。`);
    await expect(page.getByRole('region', { name: variantName(p.code) }).getByLabel('在庫数')).toHaveValue('7');
    const mail = await waitForMail((m) => m.to.includes('demo@example.jp') && m.subject.includes('再入荷のお知らせ'), { since });
    expect(mail.text).toContain(`/product/${p.key}/`);
  });
});

test.describe('CSV import', () => {
  let touched: Row[] = [];
  test.afterEach(async ({ baseURL }) => {
    await restore(baseURL, touched);
  });

  test('a Shift_JIS file: the dry run lists the changes, then 「この内容で反映する」 applies them', async ({ page, request }) => {
    touched = await productsOf(request, '山中漆器 木屋', 2);
    const [a, b] = touched;
    const file = shiftJis(
      [
        '商品コード,在庫数,販売価格（税抜）,販売状態',
        `${a.code},${a.stock + 11},,販売中`,
        `${b.code},,${b.product_price + 100},販売中`,
      ].join('\r\n'),
    );
    await logIn(page);
    await page.getByRole('link', { name: 'CSVで在庫・価格を一括更新' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '在庫・価格のCSV一括更新' })).toBeVisible();
    expect(await axeProblems(page, 'import screen')).toEqual([]);
    await page.getByLabel('CSVファイル').setInputFiles({ name: 'zaiko.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: '内容を確認する' }).click();

    const changes = page.getByRole('table', { name: /変更内容（2 件）/ });
    await expect(changes.getByRole('row', { name: new RegExp(a.code) })).toContainText(`在庫数${a.stock}${a.stock + 11}`);
    await expect(changes.getByRole('row', { name: new RegExp(b.code) })).toContainText('販売価格（税抜）');
    expect(await axeProblems(page, 'import dry run')).toEqual([]);
    const headers = await staff(request);
    const stockNow = async () => ((await (await request.get(`/admin/v1/products?q=${a.code}`, { headers })).json()) as Row[])[0].stock;
    expect(await stockNow()).toBe(a.stock);

    await page.getByRole('region', { name: 'この内容で反映しますか' }).getByRole('button', { name: 'この内容で反映する' }).click();
    await expect(page.getByRole('status')).toHaveText('2 件の変更を反映しました（商品 2 点）。');
    expect(await stockNow()).toBe(a.stock + 11);
  });
});
