/**
 * The address book of my-page (お届け先) in a real browser against the real shop: as demo, add an
 * address with postal-code autofill, see it listed, edit it, make it the default, delete it; import a
 * Shift_JIS CSV file (and see a bad file's errors by line), export the book as a file with the toast.
 * A throwaway member deletes all their addresses and cannot open demo's address. Demo's own
 * addresses are left as they were (other tests use them).
 */
import { expect, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { addressesOf, entry, ADDRESS_CSV_HEADER as HEADER, openBook, shiftJis } from './support/addresses.ts';
import { apiHeaders, apiToken, loginInBrowser, registerThrowaway } from './support/member.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('demo adds an address with postal autofill, sees it listed, edits it, makes it the default and deletes it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.username, demo.password);
  const before = await addressesOf(request, token);
  const originalDefault = before.find((a) => a.is_default)!;
  const stamp = String(Date.now()).slice(-6);
  const label = `E2E別宅${stamp}`;

  await loginInBrowser(page, demo.username, demo.password);
  await openBook(page);
  await expect(page.locator('[data-address-count]')).toHaveText(`${before.length}件／最大20件`);
  expect(await axeProblems(page, 'list')).toEqual([]);

  // Add: the postal code fills prefecture, city and town.
  await page.getByRole('link', { name: '新しいお届け先を登録する' }).click();
  await expect(page).toHaveURL(/\/mypage\/address\/add\/$/);
  const form = page.getByRole('form', { name: 'お届け先の登録' });
  await expect(form).toBeVisible();
  // Empty submit: the first invalid field (姓) gets focus with the spec 5 message.
  await form.getByRole('button', { name: '登録する' }).click();
  await expect(form.getByLabel('姓', { exact: true })).toBeFocused();
  await expect(form.getByText('姓は必須項目です')).toBeVisible();
  await form.getByLabel('お届け先名').fill(label);
  await form.getByLabel('姓', { exact: true }).fill('試験');
  await form.getByLabel('名', { exact: true }).fill('太郎');
  await form.getByLabel('セイ').fill('しけん');
  await form.getByLabel('メイ').fill('タロウ');
  await form.getByLabel('電話番号').fill('0312345678');
  await form.getByLabel('郵便番号').fill('150-0001');
  await expect(form.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(form.getByLabel('市区町村')).toHaveValue('渋谷区');
  await expect(form.getByLabel('番地')).toHaveValue('神宮前');
  await form.getByLabel('番地').fill('神宮前9-9-9');
  await form.getByRole('button', { name: '登録する' }).click();
  // Kana in hiragana is refused in the browser.
  await expect(form.getByText('セイは全角カタカナで入力してください')).toBeVisible();
  await expect(form.getByLabel('セイ')).toBeFocused();
  await form.getByLabel('セイ').fill('シケン');
  expect(await axeProblems(page, 'add form')).toEqual([]);
  await form.getByRole('button', { name: '登録する' }).click();

  await expect(page).toHaveURL(/\/mypage\/address\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'お届け先を登録しました' })).toBeVisible();
  const added = entry(page, label);
  await expect(added).toContainText('〒150-0001 東京都渋谷区神宮前9-9-9');
  await expect(added).toContainText('試験 太郎 様');
  await expect(page.locator('[data-address-count]')).toHaveText(`${before.length + 1}件／最大20件`);

  // Edit: the form comes filled in; the building name is added.
  await added.getByRole('link', { name: `「${label}」を編集` }).click();
  await expect(page).toHaveURL(/\/mypage\/address\/\d+\/edit\/$/);
  const edit = page.getByRole('form', { name: 'お届け先の編集' });
  await expect(edit.getByLabel('郵便番号')).toHaveValue('150-0001');
  await expect(edit.getByLabel('番地')).toHaveValue('神宮前9-9-9');
  await edit.getByLabel('建物名').fill('試験ハイツ101');
  await edit.getByRole('button', { name: '変更する' }).click();
  await expect(page).toHaveURL(/\/mypage\/address\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'お届け先を変更しました' })).toBeVisible();
  await expect(entry(page, label)).toContainText('神宮前9-9-9 試験ハイツ101');

  // Default: the badge moves to the new entry, which is listed first after a reload.
  await entry(page, label)
    .getByRole('button', { name: `「${label}」をいつも使うお届け先にする` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `「${label}」をいつも使うお届け先にしました` })).toBeVisible();
  await expect(entry(page, label).getByText('いつも使うお届け先', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'お届け先' }).getByRole('listitem').first()).toContainText(label);

  // Delete: the dialog first; キャンセル keeps it, 削除する removes it.
  await entry(page, label)
    .getByRole('button', { name: `「${label}」を削除` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'お届け先の削除' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(label);
  expect(await axeProblems(page, 'delete dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entry(page, label)).toHaveCount(1);
  await entry(page, label)
    .getByRole('button', { name: `「${label}」を削除` })
    .click();
  await page.getByRole('dialog', { name: 'お届け先の削除' }).getByRole('button', { name: '削除する' }).click();
  await expect(page.getByRole('status').filter({ hasText: `「${label}」を削除しました` })).toBeVisible();
  await expect(entry(page, label)).toHaveCount(0);

  // Demo is as before: the same addresses; the oldest became the default again.
  const after = await addressesOf(request, token);
  expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
  if (!after.find((a) => a.id === originalDefault.id)!.is_default) {
    await request.patch(`/v1/me/user-addresses/${originalDefault.id}/use`, {
      headers: { ...apiHeaders, Authorization: `Bearer ${token}` },
    });
  }
});

test('demo imports a Shift_JIS CSV file, sees a bad file refused by line, and exports the book as a file', async ({ page, request }) => {
  const token = await apiToken(request, demo.username, demo.password);
  const before = await addressesOf(request, token);
  const stamp = String(Date.now()).slice(-6);
  const labels = [`CSV実家${stamp}`, `CSV会社${stamp}`];

  await loginInBrowser(page, demo.username, demo.password);
  await openBook(page);
  const importForm = page.getByRole('form', { name: 'CSVファイルから取り込む' });
  // The format is documented on the screen.
  const columns = page.getByRole('table', { name: 'CSVファイルの列' });
  await expect(columns.getByRole('row', { name: /郵便番号 必須/ })).toBeVisible();
  await expect(columns.getByRole('row', { name: /建物名 任意/ })).toBeVisible();

  try {
    // A bad file: every problem by line, nothing added.
    const bad = `${HEADER}\r\n${labels[0]},髙橋,一郎,タカハシ,イチロウ,12-345,北海道,札幌市中央区,北一条西1-1,,0111234567\r\n,髙橋,,タカハシ,ハナコ,0600001,北海道,札幌市中央区,北一条西1-1,,0111234567\r\n`;
    await importForm.getByLabel('CSVファイル').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: shiftJis(bad) });
    await importForm.getByRole('button', { name: '取り込む' }).click();
    const problems = page.getByRole('table', { name: '取り込めなかった理由' });
    await expect(problems.getByRole('row', { name: /2行目 郵便番号は郵便番号の形式で入力してください/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /3行目 名は必須項目です/ })).toBeVisible();
    expect((await addressesOf(request, token)).length).toBe(before.length);
    expect(await axeProblems(page, 'import errors')).toEqual([]);

    // The good file (Shift_JIS, as Excel saves it): both rows listed.
    const good = `${HEADER}\r\n${labels[0]},髙橋,一郎,タカハシ,イチロウ,060-0001,北海道,札幌市中央区,北一条西1-1,ﾊｲﾂ①,0111234567\r\n${labels[1]},髙橋,花子,タカハシ,ハナコ,5300001,大阪府,大阪市北区,梅田1-1-1,,0612345678\r\n`;
    await importForm.getByLabel('CSVファイル').setInputFiles({ name: 'addresses.csv', mimeType: 'text/csv', buffer: shiftJis(good) });
    await importForm.getByRole('button', { name: '取り込む' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2件のお届け先を取り込みました' })).toBeVisible();
    await expect(problems).toHaveCount(0);
    await expect(entry(page, labels[0])).toContainText('〒060-0001 北海道札幌市中央区北一条西1-1 ﾊｲﾂ①');
    await expect(entry(page, labels[0])).toContainText('髙橋 一郎 様');
    await expect(entry(page, labels[1])).toContainText('〒530-0001 大阪府大阪市北区梅田1-1-1');
    await expect(page.locator('[data-address-count]')).toHaveText(`${before.length + 2}件／最大20件`);

    // Export: the file downloads (UTF-8 with BOM, the imported rows in it) and the toast says so.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSVでダウンロード' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^お届け先_\d{8}\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      HEADER.split(',')
        .map((h) => `"${h}"`)
        .join(','),
    );
    expect(text).toContain(
      `"${labels[0]}","髙橋","一郎","タカハシ","イチロウ","060-0001","北海道","札幌市中央区","北一条西1-1","ﾊｲﾂ①","0111234567"`,
    );
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(before.length + 3);
    await expect(page.getByRole('status').filter({ hasText: 'お届け先のエクスポートが完了しました。' })).toBeVisible();
  } finally {
    // Demo keeps only its own addresses.
    for (const a of await addressesOf(request, token)) {
      if (labels.includes(a.name))
        await request.delete(`/v1/me/user-addresses/${a.id}`, { headers: { ...apiHeaders, Authorization: `Bearer ${token}` } });
    }
  }
});

test("a member deletes all their addresses after confirming, and cannot open another member's address", async ({ page, request }) => {
  const member = await registerThrowaway(request);
  const token = await apiToken(request, member.username, member.password);
  const auth = { ...apiHeaders, Authorization: `Bearer ${token}` };
  for (const name of ['自宅', '実家']) {
    const res = await request.post('/v1/me/user-addresses', {
      headers: auth,
      data: {
        name,
        last_name: '住所',
        first_name: '太郎',
        last_name_kana: 'ジュウショ',
        first_name_kana: 'タロウ',
        postal_code: '1500001',
        prefecture: '東京都',
        city: '渋谷区',
        address1: '神宮前1-1',
        phone_number: '0312345678',
      },
    });
    expect(res.status()).toBe(201);
  }
  const demoToken = await apiToken(request, demo.username, demo.password);
  const demoAddress = (await addressesOf(request, demoToken))[0];

  await loginInBrowser(page, member.username, member.password);
  // Demo's address is not this member's: the edit screen says it was not found, and shows nothing of it.
  await page.goto(`/mypage/address/${demoAddress.id}/edit/`);
  await expect(page.getByRole('alert')).toHaveText('お届け先が見つかりませんでした。削除された可能性があります。');
  await expect(page.getByRole('form', { name: 'お届け先の編集' })).toHaveCount(0);

  await openBook(page);
  await expect(page.locator('[data-address-count]')).toHaveText('2件／最大20件');
  await page.getByRole('button', { name: 'すべてのお届け先を削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'すべてのお届け先の削除' });
  await expect(dialog).toContainText('2件のお届け先をすべて削除します');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-address-count]')).toHaveText('2件／最大20件');
  await page.getByRole('button', { name: 'すべてのお届け先を削除' }).click();
  await page.getByRole('dialog', { name: 'すべてのお届け先の削除' }).getByRole('button', { name: '削除する' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'すべてのお届け先を削除しました' })).toBeVisible();
  await expect(page.getByText('登録されているお届け先はありません。')).toBeVisible();
  expect(await addressesOf(request, token)).toEqual([]);
  // Demo's addresses are untouched.
  expect((await addressesOf(request, demoToken)).some((a) => a.id === demoAddress.id)).toBe(true);
});
