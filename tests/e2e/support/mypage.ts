/** The my-page hub (/mypage/) in tests: its shortcut to each screen and the unread-message count it shows. */
import { expect, type Page } from '@playwright/test';

/** From the hub, one click on the shortcut starting with `label`; waits for `path` and the screen's heading (`level`, h1 by default). */
export async function openFromHub(page: Page, label: string, path: RegExp, heading = label, level = 1): Promise<void> {
  if (!/\/mypage\/$/.test(new URL(page.url()).pathname)) await page.goto('/mypage/');
  await page
    .getByRole('main')
    .locator('.menu-grid')
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level, name: heading, exact: true })).toBeVisible();
}

/** The unread count the hub's メッセージ shortcut shows (after it loads). */
export async function hubUnread(page: Page): Promise<number> {
  const shortcut = page.locator('.menu-grid').getByRole('link', { name: /メッセージ/ });
  await expect(shortcut).toContainText(/未読\d+件/);
  return Number((await shortcut.textContent())!.match(/未読(\d+)件/)![1]);
}
