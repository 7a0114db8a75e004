/**
 * Members in browser tests: logging in on the login screen, and a throwaway member registered through
 * the API (verified through the mailed link when the shop asks for it) for tests that change or end an
 * account.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox.ts';

/** The headers every Shop API call of a test sends (spec 7). */
export const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** apiHeaders plus the bearer token of a signed-in member. */
export const authHeaders = (token: string) => ({ ...apiHeaders, Authorization: `Bearer ${token}` });

/** An access token for API calls of the test itself (setting up, checking and tidying up). */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/v1/auth/login', { headers: apiHeaders, data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface Member {
  username: string;
  password: string;
  email: string;
}

/** Logs in on the login screen and waits for the member top. */
export async function loginInBrowser(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/?redirect=%2Fmypage%2F');
  const field = page.getByLabel('ログインID');
  await expect(page.locator('astro-island[ssr]', { has: field })).toHaveCount(0);
  await field.fill(username);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
  // The member top's shortcuts (at every width; on phones they stand for the member menu).
  await expect(page.getByRole('main').locator('.menu-grid')).toBeVisible();
}

/** A new member (POST /v1/users) named `prefix` + a stamp, verified when the shop asks for it. */
export async function registerThrowaway(
  request: APIRequestContext,
  prefix = 'member',
  name = { last: '会員', first: '花子', lastKana: 'カイイン', firstKana: 'ハナコ' },
): Promise<Member> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const member = { username: `${prefix}${stamp}`, password: `${prefix}-pass-2026`, email: `${prefix}${stamp}@example.jp` };
  const since = Date.now();
  const res = await request.post('/v1/users', {
    headers: apiHeaders,
    data: {
      ...member,
      last_name: name.last,
      first_name: name.first,
      last_name_kana: name.lastKana,
      first_name_kana: name.firstKana,
      phone_number: '0312345678',
      newsletter: 0,
      gender: null,
      birthday: null,
      security_question_ct: 4,
      security_answer: 'カレー',
      address: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { is_registered_member: boolean };
  if (!body.is_registered_member) {
    const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/verify/email/'), { since });
    const token = new URL(linkIn(mail, '/verify/email/'), 'http://shop.invalid').searchParams.get('token');
    const check = await request.post('/v1/email-verify/check', { headers: apiHeaders, data: { token } });
    expect(check.status(), await check.text()).toBe(200);
  }
  return member;
}
