/**
 * The address book (お届け先) in tests: the member's addresses through the API, the list screen's
 * entries, and Shift_JIS files as Excel saves them, built in the test for the CSV import.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { authHeaders } from './member.ts';

/** The address book CSV's header row (the columns the import expects, in order). */
export const ADDRESS_CSV_HEADER = 'お届け先名,姓,名,セイ,メイ,郵便番号,都道府県,市区町村,番地,建物名,電話番号';

export { shiftJis } from '../../support/shift-jis.ts';

/** An address as GET /v1/me/user-addresses answers it (the fields the tests read). */
export type WireAddress = { id: number; name: string; is_default: boolean; last_name: string };
/** The member's addresses (GET /v1/me/user-addresses). */
export async function addressesOf(request: APIRequestContext, token: string): Promise<WireAddress[]> {
  const res = await request.get('/v1/me/user-addresses', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Opens the address list and waits for the island. */
export async function openBook(page: Page): Promise<void> {
  await page.goto('/mypage/address/');
  await expect(page.getByRole('heading', { level: 1, name: 'お届け先一覧' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '登録済みのお届け先' })).toBeVisible();
}

/** The list entry whose heading starts with `label`. */
export const entry = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^${label}`) }) });
