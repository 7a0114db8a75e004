/**
 * The checkout walk several specs share: from a filled guest cart at /cart/ through the login (demo)
 * and the address and delivery steps (one address, everything 「指定なし」) to /cart/payment/.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const demo = { username: 'demo', password: 'demo-pass-2026' };

/** A button or a link with exactly this name (islands render links before they hydrate into buttons). */
export function action(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
}

/** Waits until the island holding `target` has hydrated. */
export async function hydrated(page: Page, target: Locator): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
}

/** From /cart/ (a guest with lines): 「ご購入手続きへ」, log demo in, the saved address, 指定なし, to the payment step. */
export async function checkoutToPayment(page: Page): Promise<void> {
  await page.goto('/cart/');
  const checkout = action(page, 'ご購入手続きへ');
  await hydrated(page, checkout);
  await checkout.click();
  await expect(page).toHaveURL(/\/login\//);
  await hydrated(page, page.getByLabel('ログインID'));
  await page.getByLabel('ログインID').fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/shipping-select\/$/);
  await hydrated(page, action(page, '次へ'));
  await action(page, '次へ').click();
  // The delivery date, wrapping and のし step: everything left at 「指定なし」.
  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  await expect(page.getByLabel('お届け先のお届け希望日')).toHaveValue('');
  await hydrated(page, action(page, '次へ'));
  await action(page, '次へ').click();
  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  await hydrated(page, page.getByRole('radio', { name: /銀行振込/ }));
}
