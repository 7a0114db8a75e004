/**
 * メッセージ (message centre, issue 9) in a real browser against the real shop, as the demo member
 * (seeded with two pages of messages, the newest unread): the hub shows 「未読n件」 on its メッセージ
 * shortcut; the list shows 未読 badges and pages of 10; opening an unread message shows its title,
 * date and plain-text body with line breaks, and afterwards the list no longer marks it 未読 and the
 * hub's count is one less. Another id is refused. Each screen is axe-checked (WCAG 2.1 A/AA).
 * demo is shared with other specs: the count is read before and compared, never assumed.
 */
import { expect, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { loginInBrowser } from './support/member.ts';
import { hubUnread } from './support/mypage.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('メッセージ: the hub counts unread messages; opening one shows it as text, marks it read and the count drops', async ({ page }) => {
  await loginInBrowser(page, demo.username, demo.password);
  const before = await hubUnread(page);
  expect(before).toBeGreaterThan(0);
  expect(await axeProblems(page, 'hub')).toEqual([]);

  // The member menu leads to the list.
  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'メッセージ' }).click();
  await expect(page).toHaveURL(/\/mypage\/message-center\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'メッセージ' })).toBeVisible();
  const list = page.getByRole('list', { name: 'メッセージ一覧' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const unreadItems = list.getByRole('listitem').filter({ hasText: '未読' });
  await expect(unreadItems.first()).toBeVisible();
  expect(await axeProblems(page, 'list')).toEqual([]);

  // Page 2 holds the rest (12 seeded for demo).
  await page.getByRole('navigation', { name: 'メッセージ一覧のページ送り' }).getByRole('link', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/mypage\/message-center\/\?page=2$/);
  await expect(page.getByText('2 / 2')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('link', { name: '前へ' }).click();
  await expect(page).toHaveURL(/\/mypage\/message-center\/$/);

  const item = unreadItems.first();
  const link = item.getByRole('link');
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/mypage\/message-center\/\d+\/$/);
  const messageUrl = page.url();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const body = page.locator('.message-body');
  await expect(body).toBeVisible();
  // Plain text with its line breaks kept (pre-wrap), no markup made of it.
  expect(await body.evaluate((el) => el.children.length)).toBe(0);
  expect(await body.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
  expect((await body.textContent())!).toContain('\n');
  expect(await axeProblems(page, 'detail')).toEqual([]);

  await page.getByRole('link', { name: 'メッセージ一覧へ戻る' }).click();
  await expect(page).toHaveURL(/\/mypage\/message-center\/$/);
  const opened = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(opened).toHaveCount(1);
  await expect(opened).not.toContainText('未読');

  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'マイページトップ' }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
  expect(await hubUnread(page)).toBe(before - 1);

  // Opening it again keeps it read: the count stays.
  await page.goto(messageUrl);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.goto('/mypage/');
  expect(await hubUnread(page)).toBe(before - 1);
});

test("メッセージ: a message that is not the member's is not shown", async ({ page }) => {
  await loginInBrowser(page, demo.username, demo.password);
  await page.goto('/mypage/message-center/999999999/');
  await expect(page.getByRole('alert')).toContainText('メッセージが見つかりません');
  await expect(page.getByRole('link', { name: 'メッセージ一覧へ戻る' })).toBeVisible();
  expect(await axeProblems(page, 'missing')).toEqual([]);
});
