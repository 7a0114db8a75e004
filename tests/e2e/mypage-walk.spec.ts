/**
 * The whole member area walked as the seeded member demo, every screen reached from the hub in one
 * step and axe-checked, each with a data round trip: 会員情報 and パスワード changed and changed back,
 * a card added through the test provider, made main and deleted, an address created, edited, made the
 * default and deleted, a Shift_JIS CSV imported and the book exported, an order placed with points
 * whose 領収書 PDF is read and which is cancelled (stock and points back), a list item added and taken
 * off, a list created, renamed and deleted, bookmarks and the three histories listed and deleted, 採寸 added and deleted per purpose,
 * 名入れ刺繍 changed and changed back, a 記念日 added (2月30日 refused), edited and deleted, a message
 * read, the login history, and the logout last.
 *
 * demo is shared with the other spec files (one worker, alphabetical): whatever a step creates it
 * deletes, and what it changes it changes back. A list is created, renamed, opened and deleted on
 * /mypage/list/, so demo's lists end as they began.
 * /mypage/leave/ is not walked (it would end demo): mypage-account.spec.ts withdraws a member
 * registered for that test.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeProblems } from './support/a11y.ts';
import { ADDRESS_CSV_HEADER, addressesOf, entry, shiftJis } from './support/addresses.ts';
import { addFromProductPage, probeStock, stockLeft } from './support/cart.ts';
import { action, checkoutToPayment, demo, hydrated } from './support/checkout.ts';
import { apiHeaders, apiToken, authHeaders, loginInBrowser } from './support/member.ts';
import { hubUnread, openFromHub } from './support/mypage.ts';

const stamp = () => String(Date.now()).slice(-6);
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function get<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const res = await request.get(path, { headers: token ? authHeaders(token) : apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return res.json() as Promise<T>;
}

interface Item {
  id: number;
  key: string;
  name: string;
  is_stock_available: boolean;
  stock_status: string;
}

/** The first 200 products of the catalogue (both pages of 100). */
async function allProducts(request: APIRequestContext): Promise<Item[]> {
  return [...(await get<Item[]>(request, '/v1/products?per=100')), ...(await get<Item[]>(request, '/v1/products?per=100&page=2'))];
}

test.describe
  .serial('the my-page walk as demo', () => {
    test.beforeEach(async ({ context }) => {
      await context.clearCookies();
    });

    test('hub (every screen one step away, coupons and points), 会員情報 changed and back', async ({ page }) => {
      await loginInBrowser(page, demo.username, demo.password);
      // Every screen is one step from the hub (the leave screen's link is there too, not followed).
      const hub = page.getByRole('main').locator('.menu-grid');
      for (const [label, path] of [
        ['会員情報', '/mypage/user_info/'],
        ['注文履歴', '/mypage/order_history/'],
        ['メッセージ', '/mypage/message-center/'],
        ['お届け先', '/mypage/address/'],
        ['クレジットカード', '/mypage/card/'],
        ['ポイント', '/mypage/point/'],
        ['お気に入り・リスト', '/mypage/list/'],
        ['ブックマーク', '/mypage/bookmark/'],
        ['閲覧履歴', '/mypage/product_history/'],
        ['検索履歴', '/mypage/product_search_history/'],
        ['再入荷のお知らせ', '/mypage/product_request_history/'],
        ['記念日', '/mypage/memorial/'],
        ['採寸', '/mypage/measurement/'],
        ['名入れ刺繍', '/mypage/name-embroidery/'],
        ['パスワード変更', '/mypage/password/'],
        ['ログイン履歴', '/mypage/login_history/'],
        ['ログアウト', '/mypage/logout/'],
        ['退会', '/mypage/leave/'],
      ])
        await expect(hub.getByRole('link', { name: new RegExp(`^${label}`) }), label).toHaveAttribute('href', path);
      // The coupons and the point balance are on the hub.
      await expect(page.getByRole('region', { name: 'ご利用いただけるクーポン' })).not.toContainText('読み込んでいます');
      await expect(page.getByRole('region', { name: 'ポイント', exact: true })).toContainText(/保有ポイント：[\d,]+ポイント/);
      expect(await axeProblems(page, 'hub')).toEqual([]);

      // 会員情報: 職業 changed (the current password confirms it) and changed back.
      await openFromHub(page, '会員情報', /\/mypage\/user_info\/$/);
      const info = page.locator('dl.user-info');
      await expect(info).toContainText(demo.username);
      expect(await axeProblems(page, 'user_info')).toEqual([]);
      const job = `散歩係${stamp()}`;
      await page.getByRole('link', { name: '会員情報を変更する' }).click();
      await expect(page).toHaveURL(/\/mypage\/user_info\/edit\/$/);
      const jobField = page.getByLabel('職業（任意）');
      await hydrated(page, jobField);
      const jobBefore = await jobField.inputValue();
      expect(await axeProblems(page, 'user_info/edit')).toEqual([]);
      for (const value of [job, jobBefore]) {
        if (value === jobBefore) {
          await page.getByRole('link', { name: '会員情報を変更する' }).click();
          await hydrated(page, jobField);
          await expect(jobField).toHaveValue(job);
        }
        await jobField.fill(value);
        await page.getByLabel('現在のパスワード').fill(demo.password);
        await page.getByRole('button', { name: '変更を保存する' }).click();
        await expect(page).toHaveURL(/\/mypage\/user_info\/$/);
        await expect(status(page, '会員情報を変更しました')).toBeVisible();
        if (value === job) await expect(info).toContainText(job);
        else await expect(info).not.toContainText(job);
      }
    });

    test('パスワード changed, the new one logs in, changed back (later specs log demo in with the old one); ログイン履歴', async ({
      page,
      request,
    }) => {
      await loginInBrowser(page, demo.username, demo.password);
      await openFromHub(page, 'パスワード変更', /\/mypage\/password\/$/);
      expect(await axeProblems(page, 'password')).toEqual([]);
      const other = 'walk-pass-2027';
      for (const [from, to] of [
        [demo.password, other],
        [other, demo.password],
      ]) {
        await hydrated(page, page.getByLabel('現在のパスワード'));
        await page.getByLabel('現在のパスワード').fill(from);
        await page.getByLabel('新しいパスワード', { exact: true }).fill(to);
        await page.getByLabel('新しいパスワード（確認）').fill(to);
        await page.getByRole('button', { name: '変更する' }).click();
        await expect(status(page, 'パスワードを変更しました')).toBeVisible();
        await expect(page.getByLabel('現在のパスワード')).toHaveValue('');
        await apiToken(request, demo.username, to);
        // A fresh screen for the way back, so its 「パスワードを変更しました」 is the second change's.
        if (to === other) await page.reload();
      }

      await openFromHub(page, 'ログイン履歴', /\/mypage\/login_history\/$/);
      const first = page.getByRole('table').locator('tbody tr').first();
      await expect(first.locator('td').nth(2)).toHaveText('成功');
      expect(await axeProblems(page, 'login_history')).toEqual([]);
    });

    test('クレジットカード: two added through the test provider, the second made main, both deleted', async ({ page, request }) => {
      const token = await apiToken(request, demo.username, demo.password);
      const cardsBefore = await get<unknown[]>(request, '/v1/me/user-cards', token);
      await loginInBrowser(page, demo.username, demo.password);
      await openFromHub(page, 'クレジットカード', /\/mypage\/card\/$/);
      expect(await axeProblems(page, 'card')).toEqual([]);
      const list = page.getByRole('list', { name: '登録済みのカード' });
      const numbers = ['4242424242424242', '4000000000003220'];
      for (const number of numbers) {
        await page.getByRole('link', { name: 'カードを登録する' }).click();
        await expect(page).toHaveURL(/\/mypage\/card\/add\/$/);
        await expect(page.getByRole('heading', { level: 1, name: 'クレジットカードの登録' })).toBeVisible();
        if (number === numbers[0]) expect(await axeProblems(page, 'card/add')).toEqual([]);
        await page.getByLabel('カード番号').fill(number);
        await page.getByLabel('カード名義').fill('TARO DEMO');
        await page.getByLabel('有効期限').fill('203012');
        await page.getByLabel('セキュリティコード').fill('123');
        await page.getByRole('button', { name: 'このカードを登録する' }).click();
        await expect(page).toHaveURL(/\/mypage\/card\/$/);
        await expect(status(page, 'カードを登録しました')).toBeVisible();
        await expect(list.getByRole('listitem').filter({ hasText: number.slice(-4) })).toBeVisible();
      }
      const added = numbers.map((n) => list.getByRole('listitem').filter({ hasText: n.slice(-4) }));
      await added[1].getByRole('button', { name: /をいつものカードにする$/ }).click();
      await expect(added[1].getByText('いつものカード', { exact: true })).toBeVisible();
      await expect(list.getByText('いつものカード', { exact: true })).toHaveCount(1);
      expect(await axeProblems(page, 'card list')).toEqual([]);
      for (const card of [added[1], added[0]]) {
        await card.getByRole('button', { name: /を削除$/ }).click();
        await card
          .getByRole('group', { name: /の削除の確認$/ })
          .getByRole('button', { name: '削除する' })
          .click();
        await expect(card).toHaveCount(0);
      }
      expect(await get<unknown[]>(request, '/v1/me/user-cards', token)).toHaveLength(cardsBefore.length);
    });

    test('お届け先: added, listed, edited, made the default and deleted; a Shift_JIS CSV imported; the book exported', async ({
      page,
      request,
    }) => {
      const token = await apiToken(request, demo.username, demo.password);
      const before = await addressesOf(request, token);
      const originalDefault = before.find((a) => a.is_default)!;
      const label = `散歩宅${stamp()}`;
      const imported = `散歩CSV${stamp()}`;
      await loginInBrowser(page, demo.username, demo.password);
      try {
        await openFromHub(page, 'お届け先', /\/mypage\/address\/$/, 'お届け先一覧');
        await expect(page.locator('[data-address-count]')).toHaveText(`${before.length}件／最大20件`);
        expect(await axeProblems(page, 'address')).toEqual([]);

        await page.getByRole('link', { name: '新しいお届け先を登録する' }).click();
        await expect(page).toHaveURL(/\/mypage\/address\/add\/$/);
        const form = page.getByRole('form', { name: 'お届け先の登録' });
        await hydrated(page, form.getByLabel('お届け先名'));
        await form.getByLabel('お届け先名').fill(label);
        await form.getByLabel('姓', { exact: true }).fill('散歩');
        await form.getByLabel('名', { exact: true }).fill('太郎');
        await form.getByLabel('セイ').fill('サンポ');
        await form.getByLabel('メイ').fill('タロウ');
        await form.getByLabel('電話番号').fill('0312345678');
        await form.getByLabel('郵便番号').fill('150-0001');
        await expect(form.getByLabel('市区町村')).toHaveValue('渋谷区');
        await form.getByLabel('番地').fill('神宮前8-8-8');
        expect(await axeProblems(page, 'address/add')).toEqual([]);
        await form.getByRole('button', { name: '登録する' }).click();
        await expect(page).toHaveURL(/\/mypage\/address\/$/);
        await expect(status(page, 'お届け先を登録しました')).toBeVisible();
        await expect(entry(page, label)).toContainText('〒150-0001 東京都渋谷区神宮前8-8-8');

        await entry(page, label)
          .getByRole('link', { name: `「${label}」を編集` })
          .click();
        await expect(page).toHaveURL(/\/mypage\/address\/\d+\/edit\/$/);
        const edit = page.getByRole('form', { name: 'お届け先の編集' });
        await expect(edit.getByLabel('番地')).toHaveValue('神宮前8-8-8');
        expect(await axeProblems(page, 'address edit')).toEqual([]);
        await edit.getByLabel('建物名').fill('散歩ハイツ202');
        await edit.getByRole('button', { name: '変更する' }).click();
        await expect(page).toHaveURL(/\/mypage\/address\/$/);
        await expect(entry(page, label)).toContainText('神宮前8-8-8 散歩ハイツ202');

        // The default moves to the new one, then back to demo's own.
        for (const name of [label, originalDefault.name]) {
          await entry(page, name)
            .getByRole('button', { name: `「${name}」をいつも使うお届け先にする` })
            .click();
          await expect(status(page, `「${name}」をいつも使うお届け先にしました`)).toBeVisible();
          await expect(entry(page, name).getByText('いつも使うお届け先', { exact: true })).toBeVisible();
        }
        await entry(page, label)
          .getByRole('button', { name: `「${label}」を削除` })
          .click();
        const dialog = page.getByRole('dialog', { name: 'お届け先の削除' });
        expect(await axeProblems(page, 'address delete dialog')).toEqual([]);
        await dialog.getByRole('button', { name: '削除する' }).click();
        await expect(status(page, `「${label}」を削除しました`)).toBeVisible();
        await expect(entry(page, label)).toHaveCount(0);

        // CSV import: the bytes as Excel saves them (Shift_JIS, CRLF), including 髙 and half-width kana.
        const importForm = page.getByRole('form', { name: 'CSVファイルから取り込む' });
        const csv = `${ADDRESS_CSV_HEADER}\r\n${imported},髙橋,一郎,タカハシ,イチロウ,060-0001,北海道,札幌市中央区,北一条西2-2,ﾊｲﾂ②,0111234567\r\n`;
        await importForm.getByLabel('CSVファイル').setInputFiles({ name: 'walk.csv', mimeType: 'text/csv', buffer: shiftJis(csv) });
        await importForm.getByRole('button', { name: '取り込む' }).click();
        await expect(status(page, '1件のお届け先を取り込みました')).toBeVisible();
        await expect(entry(page, imported)).toContainText('〒060-0001 北海道札幌市中央区北一条西2-2 ﾊｲﾂ②');
        await expect(entry(page, imported)).toContainText('髙橋 一郎 様');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'CSVでダウンロード' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^お届け先_\d{8}\.csv$/);
        const file = await readFile(await download.path());
        expect(file.subarray(3).toString('utf8')).toContain(
          `"${imported}","髙橋","一郎","タカハシ","イチロウ","060-0001","北海道","札幌市中央区","北一条西2-2","ﾊｲﾂ②","0111234567"`,
        );
        await expect(status(page, 'お届け先のエクスポートが完了しました。')).toBeVisible();
        expect(await axeProblems(page, 'address after import')).toEqual([]);

        await entry(page, imported)
          .getByRole('button', { name: `「${imported}」を削除` })
          .click();
        await page.getByRole('dialog', { name: 'お届け先の削除' }).getByRole('button', { name: '削除する' }).click();
        await expect(entry(page, imported)).toHaveCount(0);
      } finally {
        for (const a of await addressesOf(request, token)) {
          if (a.name === label || a.name === imported)
            await request.delete(`/v1/me/user-addresses/${a.id}`, { headers: authHeaders(token) });
        }
        if (!(await addressesOf(request, token)).find((a) => a.id === originalDefault.id)!.is_default) {
          await request.patch(`/v1/me/user-addresses/${originalDefault.id}/use`, { headers: authHeaders(token) });
        }
      }
      const after = await addressesOf(request, token);
      expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
      expect(after.find((a) => a.is_default)?.id).toBe(originalDefault.id);
    });

    test('注文履歴: an order with points, its 領収書 PDF read, cancelled with a reason; stock and points back on ポイント', async ({
      page,
      request,
    }) => {
      // The checkout walk alone takes most of the default 90 s on this machine (as in mypage-orders.spec.ts).
      test.setTimeout(180_000);
      // A product with a countable stock (2..98 left, so the order never sells it out), the fewest first.
      const products = (await get<Item[]>(request, '/v1/products?page=1')).filter((p) => p.is_stock_available);
      const counted: Array<[Item, number]> = [];
      for (const p of products) {
        const left = await probeStock(request, p.id);
        if (left != null && left >= 2) counted.push([p, left]);
      }
      counted.sort((a, b) => a[1] - b[1]);
      expect(counted.length, 'an in-stock product with fewer than 99 left').toBeGreaterThan(0);
      const [product, stockBefore] = counted[0];
      const detailBefore = await get<Item>(request, `/v1/products/${product.key}`);
      const token = await apiToken(request, demo.username, demo.password);
      const pointsBefore = (await get<{ point_balance: number }>(request, '/v1/me/points', token)).point_balance;
      const usePoints = Math.min(100, pointsBefore);

      await addFromProductPage(page, product.key);
      // Logs demo in on the way (the login screen of the checkout).
      await checkoutToPayment(page);
      await page.getByRole('radio', { name: /銀行振込/ }).check();
      await action(page, '確認画面へ').click();
      await expect(page).toHaveURL(/\/cart\/confirm\/$/);
      if (usePoints > 0) {
        const usePoint = page.getByLabel('ご利用ポイント');
        await hydrated(page, usePoint);
        await usePoint.fill(String(usePoints));
        await page.getByRole('button', { name: 'ポイントを利用する' }).click();
        await expect(page.getByRole('main').getByRole('region', { name: 'ご請求金額' })).toContainText(`-¥${usePoints}`);
      }
      await page.getByRole('button', { name: '注文を確定する' }).click();
      await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
      const orderNo = new URL(page.url()).searchParams.get('order_no')!;
      expect(await stockLeft(request, product.id)).toBe(stockBefore - 1);
      if (usePoints > 0)
        expect((await get<{ point_balance: number }>(request, '/v1/me/points', token)).point_balance).not.toBe(pointsBefore);

      await openFromHub(page, '注文履歴', /\/mypage\/order_history\/$/);
      const row = page.getByRole('main').getByRole('row').filter({ hasText: orderNo });
      await expect(row).toBeVisible();
      expect(await axeProblems(page, 'order_history')).toEqual([]);
      await row.getByRole('link', { name: orderNo }).click();
      await expect(page).toHaveURL(/\/mypage\/order_history\/\d+\/$/);
      const main = page.getByRole('main');
      await expect(main).toContainText(orderNo);

      // The 領収書 (an unpaid 銀行振込 order's is the 請求書) as a PDF file, its text read back.
      const receipt = main.getByRole('region', { name: '領収書' });
      const addressee = `散歩 太郎${stamp()}`;
      await hydrated(page, receipt.getByLabel('宛名'));
      await receipt.getByLabel('宛名').fill(addressee);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        receipt.getByRole('button', { name: '領収書をダウンロード' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
      const bytes = new Uint8Array(await readFile(await download.path()));
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      expect(text).toContain('（適格請求書）');
      expect(text).toContain(`${addressee} 様`);
      expect(text).toContain(orderNo);
      expect(text).toContain(product.name);
      await expect(receipt.getByRole('status')).toContainText('領収書をダウンロードしました。');
      expect(await axeProblems(page, 'order detail')).toEqual([]);

      const cancel = main.getByRole('region', { name: '注文をキャンセルする' });
      await cancel.getByLabel('キャンセル理由').fill('マイページの動作確認のため');
      await cancel.getByRole('button', { name: 'キャンセル内容を確認する' }).click();
      await expect(cancel).toContainText(`ご注文番号 ${orderNo} をキャンセルします。よろしいですか？`);
      expect(await axeProblems(page, 'cancel confirmation')).toEqual([]);
      await cancel.getByRole('button', { name: 'キャンセルを確定する' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'ご注文をキャンセルしました。' })).toBeVisible();
      await expect(main).toContainText('キャンセル理由：マイページの動作確認のため');

      // Stock back: the exact count and the product's own answer.
      expect(await stockLeft(request, product.id)).toBe(stockBefore);
      const detailAfter = await get<Item>(request, `/v1/products/${product.key}`);
      expect([detailAfter.is_stock_available, detailAfter.stock_status]).toEqual([
        detailBefore.is_stock_available,
        detailBefore.stock_status,
      ]);
      // Points back, on the point screen as in the API.
      await openFromHub(page, 'ポイント', /\/mypage\/point\/$/);
      await expect(page.locator('.point-balance')).toContainText(`${pointsBefore.toLocaleString('ja-JP')}ポイント`);
      if (usePoints > 0) await expect(page.getByRole('table').getByRole('row').filter({ hasText: orderNo }).first()).toBeVisible();
      expect(await axeProblems(page, 'point')).toEqual([]);
      expect((await get<{ point_balance: number }>(request, '/v1/me/points', token)).point_balance).toBe(pointsBefore);
    });

    test('お気に入り・リスト and 閲覧履歴: a product viewed and added to the list, then taken off and deleted; a list created, renamed, opened and deleted', async ({
      page,
      request,
    }) => {
      const token = await apiToken(request, demo.username, demo.password);
      const all = await allProducts(request);
      const lists = await get<Array<{ key: string; name: string }>>(request, '/v1/me/user-lists', token);
      const listed = lists.length ? await get<Item[]>(request, `/v1/me/user-lists/${lists[0].key}?is_listables=1&per=100`, token) : [];
      const history = await get<Array<{ product_id: number }>>(request, '/v1/me/product-histories?per=100', token);
      const item = all.find(
        (p) => p.is_stock_available && !listed.some((l) => l.id === p.id) && !history.some((h) => h.product_id === p.id),
      )!;
      expect(item, "an in-stock product in neither demo's list nor history").toBeTruthy();

      await loginInBrowser(page, demo.username, demo.password);
      // The product page records the view and offers 「リストに追加」.
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/v1/product-histories') && r.request().method() === 'POST'),
        page.goto(`/product/${item.key}/`),
      ]);
      const toList = page.locator('button[data-add-to-list]');
      await toList.click();
      await expect(status(page, 'に追加しました')).toBeVisible();
      await expect(toList).toHaveText('リストから外す');

      await openFromHub(page, 'お気に入り・リスト', /\/mypage\/list\/$/);
      expect(await axeProblems(page, 'list')).toEqual([]);
      await page
        .getByRole('main')
        .getByRole('link', { name: lists[0]?.name ?? 'お気に入りリスト' })
        .click();
      await expect(page).toHaveURL(/\/mypage\/list\/[A-Za-z0-9_-]+\/$/);
      const inList = page.locator('[data-list-products]');
      await expect(inList.getByRole('link', { name: item.name })).toBeVisible();
      expect(await axeProblems(page, 'list detail')).toEqual([]);
      await inList.getByRole('button', { name: `「${item.name}」をリストから外す` }).click();
      await expect(status(page, `「${item.name}」をリストから外しました`)).toBeVisible();
      await expect(inList.getByRole('link', { name: item.name, exact: true })).toHaveCount(0);

      // A list of demo's own: created (a taken name refused next to the field), renamed, opened, deleted.
      await openFromHub(page, 'お気に入り・リスト', /\/mypage\/list\/$/);
      const main = page.getByRole('main');
      const createForm = main.getByRole('form', { name: '新しいリストを作成' });
      const nameInput = createForm.getByLabel('リスト名');
      await nameInput.fill(lists[0]?.name ?? 'お気に入りリスト');
      await createForm.getByRole('button', { name: '作成する' }).click();
      await expect(createForm.getByText('同じ名前のリストがあります')).toBeVisible();
      await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
      await expect(nameInput).toBeFocused();
      const made = `E2Eリスト${stamp()}`;
      await nameInput.fill(made);
      await createForm.getByRole('button', { name: '作成する' }).click();
      await expect(status(page, `リスト「${made}」を作成しました`)).toBeVisible();
      const rows = main.getByRole('list', { name: 'リスト', exact: true }).getByRole('listitem');
      await expect(rows.filter({ hasText: made })).toContainText('（0件）');
      await expect(nameInput).toHaveValue('');

      await main.getByRole('button', { name: `「${made}」の名前を変更` }).click();
      const renameForm = main.getByRole('form', { name: `「${made}」の名前を変更` });
      await expect(renameForm.getByLabel('リスト名')).toBeFocused();
      expect(await axeProblems(page, 'list rename')).toEqual([]);
      await renameForm.getByRole('button', { name: 'やめる' }).click();
      await expect(main.getByRole('button', { name: `「${made}」の名前を変更` })).toBeFocused();
      await main.getByRole('button', { name: `「${made}」の名前を変更` }).click();
      const renamed = `${made}改`;
      await renameForm.getByLabel('リスト名').fill(renamed);
      await renameForm.getByRole('button', { name: '保存' }).click();
      await expect(status(page, `リスト名を「${renamed}」に変更しました`)).toBeVisible();
      await expect(main.getByRole('button', { name: `「${renamed}」の名前を変更` })).toBeFocused();
      // The default list can be renamed but is not offered for deletion.
      await expect(main.getByRole('button', { name: `「${lists[0]?.name ?? 'お気に入りリスト'}」を削除` })).toHaveCount(0);

      await main.getByRole('link', { name: renamed, exact: true }).click();
      await expect(page).toHaveURL(/\/mypage\/list\/[A-Za-z0-9_-]+\/$/);
      await expect(main).toContainText(renamed);
      await page.goBack();
      await main.getByRole('button', { name: `「${renamed}」を削除` }).click();
      const confirm = main.getByRole('group', { name: `「${renamed}」の削除の確認` });
      await expect(confirm.getByRole('button', { name: '削除する' })).toBeFocused();
      expect(await axeProblems(page, 'list delete confirmation')).toEqual([]);
      await confirm.getByRole('button', { name: '削除する' }).click();
      await expect(status(page, `リスト「${renamed}」を削除しました`)).toBeVisible();
      await expect(rows.filter({ hasText: renamed })).toHaveCount(0);
      expect((await get<Array<{ key: string }>>(request, '/v1/me/user-lists', token)).map((l) => l.key)).toEqual(lists.map((l) => l.key));

      await openFromHub(page, '閲覧履歴', /\/mypage\/product_history\/$/);
      const viewed = page.locator('[data-product-history] > li');
      await expect(viewed.first().getByRole('link')).toHaveText(item.name);
      expect(await axeProblems(page, 'product_history')).toEqual([]);
      await viewed
        .first()
        .getByRole('button', { name: `「${item.name}」を閲覧履歴から削除` })
        .click();
      await expect(status(page, `「${item.name}」を閲覧履歴から削除しました`)).toBeVisible();
      await expect(viewed.getByRole('link', { name: item.name, exact: true })).toHaveCount(0);
    });

    test('ブックマーク, 検索履歴 and 再入荷のお知らせ: each made, listed and deleted', async ({ page, request }) => {
      const token = await apiToken(request, demo.username, demo.password);
      const all = await allProducts(request);
      const requests = await get<Array<{ product: Item | null }>>(request, '/v1/me/product-request-histories?per=100', token);
      const soldOut = all.find((p) => !p.is_stock_available && !requests.some((r) => r.product?.id === p.id))!;
      expect(soldOut, 'a sold-out product demo has not asked about').toBeTruthy();
      await loginInBrowser(page, demo.username, demo.password);

      // ブックマーク: saved through the API (no screen saves one), its title changed by saving the same URL again.
      const bookmarkUrl = `/product/${soldOut.key}/?walk=${stamp()}`;
      for (const [title, code] of [
        ['散歩のしおり', 201],
        ['散歩のしおり（改）', 200],
      ] as const) {
        const saved = await request.post('/v1/me/bookmarks', { headers: authHeaders(token), data: { url: bookmarkUrl, title } });
        expect(saved.status(), await saved.text()).toBe(code);
      }
      await openFromHub(page, 'ブックマーク', /\/mypage\/bookmark\/$/);
      const bookmarks = page.getByRole('list', { name: 'ブックマーク' });
      await expect(bookmarks.getByRole('link', { name: '散歩のしおり（改）' })).toHaveAttribute('href', bookmarkUrl);
      expect(await axeProblems(page, 'bookmark')).toEqual([]);
      await bookmarks.getByRole('button', { name: '「散歩のしおり（改）」を削除' }).click();
      await expect(status(page, 'ブックマークを削除しました')).toBeVisible();
      await expect(page.getByRole('link', { name: '散歩のしおり（改）' })).toHaveCount(0);

      // 検索履歴: a search from the header's box.
      const word = `さんぽ${stamp()}`;
      const box = page.getByRole('search').getByRole('combobox', { name: 'キーワード検索' });
      await box.focus();
      await expect(page.locator('form[data-search-box][data-enhanced="true"]')).toHaveCount(1);
      await box.fill(word);
      await Promise.all([
        page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/product-search-histories' && r.method() === 'POST'),
        box.press('Enter'),
      ]);
      await expect(page).toHaveURL(/\/product\/\?keyword=/);
      await openFromHub(page, '検索履歴', /\/mypage\/product_search_history\/$/);
      const searches = page.locator('.search-history-row');
      await expect(searches.first().getByRole('link')).toHaveText(word);
      expect(await axeProblems(page, 'product_search_history')).toEqual([]);
      await searches
        .first()
        .getByRole('button', { name: `「${word}」を削除` })
        .click();
      await expect(page.getByRole('link', { name: word, exact: true })).toHaveCount(0);

      // 再入荷のお知らせ: asked for on a sold-out product (the member's own address), then withdrawn.
      await page.goto(`/product/${soldOut.key}/`);
      const restock = page.locator('form[data-restock-request]');
      await expect(restock.getByText('ご登録のメールアドレスにお知らせします。')).toBeVisible();
      await restock.getByRole('button', { name: '再入荷をお知らせ' }).click();
      await expect(restock.getByRole('status')).toContainText('再入荷のお知らせを受け付けました。');
      await openFromHub(page, '再入荷のお知らせ', /\/mypage\/product_request_history\/$/, '再入荷お知らせ履歴');
      const asked = page.getByRole('list', { name: '再入荷お知らせ履歴' }).getByRole('listitem').filter({ hasText: soldOut.name });
      await expect(asked).toContainText('お知らせ待ち');
      expect(await axeProblems(page, 'product_request_history')).toEqual([]);
      await asked.getByRole('button', { name: '取り消す' }).click();
      await expect(status(page, '再入荷のお知らせを取り消しました')).toBeVisible();
      await expect(asked).toHaveCount(0);
    });

    test('採寸: a purpose demo has not used gets two entries, loses one, then the rest with 「この項目の記録をすべて削除」', async ({
      page,
      request,
    }) => {
      const token = await apiToken(request, demo.username, demo.password);
      const used = new Set((await get<Array<{ purpose: string }>>(request, '/v1/me/timeseries', token)).map((e) => e.purpose));
      const purpose = (['neck', 'inseam', 'hip', 'shoe'] as const).find((p) => !used.has(p));
      expect(purpose, 'a measurement purpose demo has no entries of').toBeTruthy();
      const {
        label,
        value: [older, newer],
      } = (
        {
          neck: { label: '首回り', value: ['36.5', '37.0'] },
          inseam: { label: '股下', value: ['75.0', '76.5'] },
          hip: { label: 'ヒップ', value: ['90.0', '91.5'] },
          shoe: { label: '足のサイズ', value: ['25.5', '26.0'] },
        } as const
      )[purpose!];

      await loginInBrowser(page, demo.username, demo.password);
      await openFromHub(page, '採寸', /\/mypage\/measurement\/$/);
      expect(await axeProblems(page, 'measurement')).toEqual([]);
      await page.getByRole('link', { name: '採寸を登録・削除する' }).click();
      await expect(page).toHaveURL(/\/mypage\/measurement\/edit\/$/);
      await hydrated(page, page.getByLabel('項目'));
      await page.getByLabel('項目').selectOption(purpose!);
      const entries = page.getByRole('list', { name: `${label}の記録` });
      for (const [value, day] of [
        [older, '2025-02-01'],
        [newer, '2025-08-01'],
      ]) {
        await page.getByLabel(/^測定値/).fill(value);
        await page.getByLabel('測定日').fill(day);
        await page.getByRole('button', { name: '登録する' }).click();
        await expect(entries).toContainText(`${value}cm`);
      }
      await expect(entries.getByRole('listitem')).toHaveCount(2);
      expect(await axeProblems(page, 'measurement/edit')).toEqual([]);

      await page.getByRole('link', { name: '採寸の一覧へ戻る' }).click();
      await expect(page.getByRole('table', { name: '最新の採寸' }).getByRole('row', { name: new RegExp(label) })).toContainText(
        `${newer}cm`,
      );
      await page.getByLabel('表示する項目').selectOption(purpose!);
      await expect(page.getByRole('img', { name: new RegExp(`${label}の推移のグラフ：2件`) })).toBeVisible();

      await page.goto('/mypage/measurement/edit/');
      await hydrated(page, page.getByLabel('項目'));
      await page.getByLabel('項目').selectOption(purpose!);
      await entries.getByRole('button', { name: new RegExp(`${newer.replace('.', '\\.')}cmを削除$`) }).click();
      await entries.getByRole('button', { name: new RegExp(`${newer.replace('.', '\\.')}cmを削除する$`) }).click();
      await expect(entries.getByRole('listitem')).toHaveCount(1);
      // The rest of the purpose in one go, after the in-page question.
      await page.getByRole('button', { name: 'この項目の記録をすべて削除' }).click();
      const confirm = page.getByRole('group', { name: `${label}の記録の削除の確認` });
      await expect(confirm.getByRole('button', { name: 'やめる' })).toBeFocused();
      expect(await axeProblems(page, 'measurement clear confirmation')).toEqual([]);
      await confirm.getByRole('button', { name: 'すべて削除する' }).click();
      await expect(status(page, `${label}の記録をすべて削除しました`)).toBeVisible();
      await expect(page.getByText(`${label}の記録はありません。`)).toBeVisible();
      expect(await get<unknown[]>(request, `/v1/me/timeseries?purpose=${purpose}`, token)).toEqual([]);
    });

    test('名入れ刺繍: the saved one changed, then changed back (registered when demo had none)', async ({ page }) => {
      await loginInBrowser(page, demo.username, demo.password);
      await openFromHub(page, '名入れ刺繍', /\/mypage\/name-embroidery\/$/);
      expect(await axeProblems(page, 'name-embroidery')).toEqual([]);
      await page.getByRole('link', { name: /名入れ刺繍を(登録|編集)する/ }).click();
      await expect(page).toHaveURL(/\/mypage\/name-embroidery\/edit\/$/);
      const text = page.getByLabel('刺繍する文字');
      await hydrated(page, text);
      const fonts = page.getByRole('group', { name: '書体' });
      const colors = page.getByRole('group', { name: '糸の色' });
      const original = {
        text: await text.inputValue(),
        font: await fonts.locator('input:checked').getAttribute('value'),
        color: await colors.locator('input:checked').getAttribute('value'),
      };
      await text.fill('サンポ');
      await fonts.getByLabel('ゴシック体').check();
      await colors.getByLabel('紺').check();
      await expect(page.locator('[data-embroidery-preview]')).toHaveText('サンポ');
      expect(await axeProblems(page, 'name-embroidery/edit')).toEqual([]);
      await page.getByRole('button', { name: '保存する' }).click();
      await expect(page).toHaveURL(/\/mypage\/name-embroidery\/\?done=saved$/);
      await expect(page.locator('dl')).toContainText('サンポ');
      if (original.text) {
        await page.getByRole('link', { name: '名入れ刺繍を編集する' }).click();
        await hydrated(page, text);
        await text.fill(original.text);
        if (original.font) await fonts.locator(`input[value="${original.font}"]`).check();
        if (original.color) await colors.locator(`input[value="${original.color}"]`).check();
        await page.getByRole('button', { name: '保存する' }).click();
        await expect(page).toHaveURL(/\/mypage\/name-embroidery\/\?done=saved$/);
        await expect(page.locator('dl')).toContainText(original.text);
      }
    });

    test('記念日: added (2月30日 refused), listed, edited, deleted; メッセージ read; ログアウト', async ({ page }) => {
      await loginInBrowser(page, demo.username, demo.password);
      const unreadBefore = await hubUnread(page);
      expect(unreadBefore, 'demo has an unread message').toBeGreaterThan(0);

      const name = `散歩記念日${stamp()}`;
      await openFromHub(page, '記念日', /\/mypage\/memorial\/$/);
      expect(await axeProblems(page, 'memorial')).toEqual([]);
      await page.getByRole('link', { name: '記念日を登録する' }).click();
      await expect(page).toHaveURL(/\/mypage\/memorial\/add\/$/);
      await hydrated(page, page.getByLabel('記念日名'));
      await page.getByLabel('記念日名').fill(name);
      await page.getByLabel('区分').selectOption({ label: '誕生日' });
      await page.getByLabel('月', { exact: true }).selectOption('2');
      await page.getByLabel('日', { exact: true }).selectOption('30');
      await page.getByLabel('お名前').fill('散歩 花子');
      await page.getByRole('button', { name: '登録する' }).click();
      await expect(page.getByText('日付が無効です')).toBeVisible();
      expect(await axeProblems(page, 'memorial/add invalid')).toEqual([]);
      await page.getByLabel('日', { exact: true }).selectOption('28');
      await page.getByRole('button', { name: '登録する' }).click();
      await expect(page).toHaveURL(/\/mypage\/memorial\/\?done=added$/);
      const item = page.getByRole('list', { name: '登録済みの記念日' }).getByRole('listitem').filter({ hasText: name });
      await expect(item).toContainText('2月28日');
      await item.getByRole('link', { name: `「${name}」を編集` }).click();
      await expect(page).toHaveURL(/\/mypage\/memorial\/\d+\/edit\/$/);
      await expect(page.getByLabel('記念日名')).toHaveValue(name);
      expect(await axeProblems(page, 'memorial edit')).toEqual([]);
      await page.getByLabel('月', { exact: true }).selectOption('12');
      await page.getByLabel('日', { exact: true }).selectOption('24');
      await page.getByRole('button', { name: '更新する' }).click();
      await expect(page).toHaveURL(/\/mypage\/memorial\/\?done=updated$/);
      await expect(item).toContainText('12月24日');
      await item.getByRole('button', { name: `「${name}」を削除` }).click();
      await page
        .getByRole('group', { name: `「${name}」の削除の確認` })
        .getByRole('button', { name: '削除する' })
        .click();
      await expect(page.getByText(`「${name}」を削除しました`)).toBeVisible();
      await expect(item).toHaveCount(0);

      // メッセージ: an unread one opened; the list and the hub follow, and opening it again keeps it read.
      await openFromHub(page, 'メッセージ', /\/mypage\/message-center\/$/);
      const list = page.getByRole('list', { name: 'メッセージ一覧' });
      const link = list.getByRole('listitem').filter({ hasText: '未読' }).first().getByRole('link');
      const title = (await link.textContent())!.trim();
      expect(await axeProblems(page, 'message-center')).toEqual([]);
      await link.click();
      await expect(page).toHaveURL(/\/mypage\/message-center\/\d+\/$/);
      const messageUrl = page.url();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      expect(await axeProblems(page, 'message detail')).toEqual([]);
      await page.getByRole('link', { name: 'メッセージ一覧へ戻る' }).click();
      await expect(list.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) })).not.toContainText(
        '未読',
      );
      await page.goto('/mypage/');
      expect(await hubUnread(page)).toBe(unreadBefore - 1);
      await page.goto(messageUrl);
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await page.goto('/mypage/');
      expect(await hubUnread(page)).toBe(unreadBefore - 1);

      // Last: the logout ends the session.
      await openFromHub(page, 'ログアウト', /\/mypage\/logout\/$/, 'ログアウトしました', 2);
      expect(await axeProblems(page, 'logout')).toEqual([]);
      await page.goto('/mypage/');
      await expect(page).toHaveURL(/\/login\//);
    });
  });
