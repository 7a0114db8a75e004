/**
 * The back office's side of the live shop for browser tests: admin API calls as the seeded
 * development accounts (logged in once per worker and shop), the screen login of a staff member, and
 * the signed rebuild status, to wait until a change has been built into the running site. The secret is the one playwright.config.ts gives the shops.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SIGNATURE_HEADER, signRebuildRequest } from '../../../scripts/host/rebuild-signature.ts';

export const REBUILD_SECRET = 'e2e-rebuild-secret-0123456789';
export const API_HEADERS = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
export const EDITOR = { login: 'editor', password: 'editor-pass-2026' };
/** The development staff member (orders, customers, stock) and admin (everything, with settings, staff accounts, audit log). */
export const STAFF = { login: 'staff', password: 'staff-pass-2026' };
export const ADMIN = { login: 'admin', password: 'admin-pass-2026' };

export interface RebuildStatus {
  state: 'idle' | 'waiting' | 'building';
  live_output: string;
  last: { ok: boolean; skipped: boolean; finished_at: string; error: string | null; changed: string[] } | null;
}

/** The live shop's rebuild status (the signed GET /hooks/rebuild/status). */
export async function rebuildStatus(request: APIRequestContext): Promise<RebuildStatus> {
  const res = await request.get('/hooks/rebuild/status', { headers: { [SIGNATURE_HEADER]: signRebuildRequest(REBUILD_SECRET, '') } });
  expect(res.status()).toBe(200);
  return res.json() as Promise<RebuildStatus>;
}

/** Waits until a build that finished after `since` is reported and nothing is pending. */
export async function nextBuild(
  request: APIRequestContext,
  since: string | undefined,
): Promise<NonNullable<RebuildStatus['last']> & { live_output: string }> {
  let found: RebuildStatus | undefined;
  await expect
    .poll(
      async () => {
        found = await rebuildStatus(request);
        return found.state === 'idle' && !!found.last && found.last.finished_at !== since && !found.last.skipped;
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
  return { ...found!.last!, live_output: found!.live_output };
}

const sessions = new Map<string, string>();

/** Headers of an admin API call as one of the development accounts (one session per account, shop and worker). */
export async function accountHeaders(
  request: APIRequestContext,
  account: { login: string; password: string },
  baseURL = '',
): Promise<Record<string, string>> {
  const key = `${account.login}@${baseURL}`;
  let session = sessions.get(key);
  if (!session) {
    const res = await request.post('/admin/v1/auth/login', { headers: API_HEADERS, data: account });
    expect(res.status(), await res.text()).toBe(200);
    session = ((await res.json()) as { access_token: string }).access_token;
    sessions.set(key, session);
  }
  return { ...API_HEADERS, Authorization: `Bearer ${session}` };
}

/** Headers of an editor API call as the seeded development editor. */
export const editorHeaders = (request: APIRequestContext, baseURL = '') => accountHeaders(request, EDITOR, baseURL);
/** Headers of an admin API call as the seeded development admin (settings need it). */
export const adminHeaders = (request: APIRequestContext, baseURL = '') => accountHeaders(request, ADMIN, baseURL);

/** Logs a staff member (or an admin) in on /admin/login/ and waits for the dashboard they land on. */
export async function logInToBackOffice(page: Page, who: { login: string; password: string } = STAFF): Promise<void> {
  await page.goto('/admin/login/');
  await page.getByLabel('ログインID').fill(who.login);
  await page.getByLabel('パスワード').fill(who.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}
