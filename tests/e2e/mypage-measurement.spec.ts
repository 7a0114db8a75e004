/**
 * 採寸 (issue 9) in a real browser against the real shop, as a throwaway member: the edit screen
 * refuses a value with two decimal places (spec 5 decimal rule) and one out of range, then adds two
 * heights and a weight; the list shows the latest value per purpose, the history table and the SVG
 * chart's text alternative; an entry is deleted after confirming and the list follows. Both screens
 * are axe-checked (WCAG 2.1 A/AA, serious and critical), and the hub and the menu link 「採寸」.
 */
import { expect, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { loginInBrowser, registerThrowaway } from './support/member.ts';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('採寸: add (decimal rule and range refused first), see latest and history with the chart, delete an entry', async ({
  page,
  request,
}) => {
  const member = await registerThrowaway(request, 'measure');
  await loginInBrowser(page, member.username, member.password);

  // The hub and the member menu both lead here.
  await expect(page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: '採寸' })).toHaveAttribute(
    'href',
    '/mypage/measurement/',
  );
  await page.getByRole('main').getByRole('link', { name: /採寸/ }).first().click();
  await expect(page).toHaveURL(/\/mypage\/measurement\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '採寸' })).toBeVisible();
  const latest = page.getByRole('table', { name: '最新の採寸' });
  await expect(latest.getByRole('row', { name: /身長/ })).toContainText('未登録');
  await expect(page.getByText('身長の記録はありません。')).toBeVisible();
  expect(await axeProblems(page, 'measurement empty')).toEqual([]);

  await page.getByRole('link', { name: '採寸を登録・削除する' }).click();
  await expect(page).toHaveURL(/\/mypage\/measurement\/edit\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '採寸の登録・削除' })).toBeVisible();

  // Empty, then two decimal places, then out of range: Japanese messages on the field.
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('測定値は必須項目です')).toBeVisible();
  await page.getByLabel('項目').selectOption('height');
  await page.getByLabel(/^測定値/).fill('170.55');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('測定値は小数点第1位までの数値を入力してください')).toBeVisible();
  await page.getByLabel(/^測定値/).fill('400');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('測定値には30から250までの数値を指定してください')).toBeVisible();
  expect(await axeProblems(page, 'edit with errors')).toEqual([]);

  await page.getByLabel(/^測定値/).fill('168.4');
  await page.getByLabel('測定日').fill('2025-01-10');
  await page.getByRole('button', { name: '登録する' }).click();
  const heights = page.getByRole('list', { name: '身長の記録' });
  await expect(heights.getByRole('listitem')).toHaveCount(1);
  await expect(heights).toContainText('168.4cm');
  await page.getByLabel(/^測定値/).fill('170.5');
  await page.getByLabel('測定日').fill('2025-06-01');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(heights.getByRole('listitem')).toHaveCount(2);
  await expect(heights.getByRole('listitem').first()).toContainText('2025.06.01');

  await page.getByLabel('項目').selectOption('weight');
  await expect(page.getByText('体重の記録はありません。')).toBeVisible();
  await page.getByLabel(/^測定値/).fill('60.2');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('list', { name: '体重の記録' })).toContainText('60.2kg');

  // The list: latest per purpose, and the history of the chosen purpose as a chart and a table.
  await page.getByRole('link', { name: '採寸の一覧へ戻る' }).click();
  await expect(page).toHaveURL(/\/mypage\/measurement\/$/);
  await expect(latest.getByRole('row', { name: /身長/ })).toContainText('170.5cm');
  await expect(latest.getByRole('row', { name: /体重/ })).toContainText('60.2kg');
  await expect(latest.getByRole('row', { name: /ウエスト/ })).toContainText('未登録');
  await page.getByLabel('表示する項目').selectOption('height');
  const chart = page.getByRole('img', { name: /身長の推移のグラフ：2件/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /168\.4cmから.*170\.5cmまで/);
  const history = page.getByRole('table', { name: '身長の記録（新しい順）' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('170.5cm');
  expect(await axeProblems(page, 'measurement list')).toEqual([]);

  // Delete the newer height after confirming; the latest value falls back to the older one.
  await page.goto('/mypage/measurement/edit/');
  await expect(heights.getByRole('listitem')).toHaveCount(2);
  await heights.getByRole('button', { name: /170\.5cmを削除$/ }).click();
  await expect(page.getByText('この記録を削除しますか？')).toBeVisible();
  await heights.getByRole('button', { name: /170\.5cmを削除する$/ }).click();
  await expect(heights.getByRole('listitem')).toHaveCount(1);
  await expect(heights).not.toContainText('170.5cm');
  await page.goto('/mypage/measurement/');
  await expect(latest.getByRole('row', { name: /身長/ })).toContainText('168.4cm');
  await page.getByLabel('表示する項目').selectOption('height');
  await expect(page.getByRole('img', { name: /身長の推移のグラフ：1件/ })).toBeVisible();
});

test('採寸: 「この項目の記録をすべて削除」 asks in the page, then empties that purpose only', async ({ page, request }) => {
  const member = await registerThrowaway(request, 'measureall');
  await loginInBrowser(page, member.username, member.password);
  await page.goto('/mypage/measurement/edit/');
  await expect(page.getByRole('heading', { level: 1, name: '採寸の登録・削除' })).toBeVisible();
  const heights = page.getByRole('list', { name: '身長の記録' });
  // No records, no button.
  await expect(page.getByText('身長の記録はありません。')).toBeVisible();
  await expect(page.getByRole('button', { name: /この項目の記録をすべて削除/ })).toHaveCount(0);
  for (const [value, day] of [
    ['165.0', '2025-01-10'],
    ['166.2', '2025-03-10'],
  ]) {
    await page.getByLabel(/^測定値/).fill(value);
    await page.getByLabel('測定日').fill(day);
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page.getByRole('status').filter({ hasText: `身長 ${value}cmを登録しました` })).toBeVisible();
  }
  await page.getByLabel('項目').selectOption('weight');
  await page.getByLabel(/^測定値/).fill('55.5');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('list', { name: '体重の記録' })).toContainText('55.5kg');
  await page.getByLabel('項目').selectOption('height');
  await expect(heights.getByRole('listitem')).toHaveCount(2);

  // Asked first, in the page; 「やめる」 has the focus and keeps everything.
  const clear = page.getByRole('button', { name: 'この項目の記録をすべて削除' });
  await expect(clear).toHaveAccessibleDescription(/^身長の記録/);
  await clear.click();
  const confirm = page.getByRole('group', { name: '身長の記録の削除の確認' });
  await expect(confirm).toContainText('身長の記録2件をすべて削除します。');
  await expect(confirm.getByRole('button', { name: 'やめる' })).toBeFocused();
  expect(await axeProblems(page, 'clear purpose confirmation')).toEqual([]);
  await confirm.getByRole('button', { name: 'やめる' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(clear).toBeFocused();
  await expect(heights.getByRole('listitem')).toHaveCount(2);

  await clear.click();
  await confirm.getByRole('button', { name: 'すべて削除する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '身長の記録をすべて削除しました' })).toBeVisible();
  await expect(page.getByText('身長の記録はありません。')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^身長の記録/ })).toBeFocused();
  await expect(clear).toHaveCount(0);

  // The list agrees; the other purpose is untouched (also on the server: after a reload).
  await page.goto('/mypage/measurement/');
  const latest = page.getByRole('table', { name: '最新の採寸' });
  await expect(latest.getByRole('row', { name: /身長/ })).toContainText('未登録');
  await expect(latest.getByRole('row', { name: /体重/ })).toContainText('55.5kg');
});
