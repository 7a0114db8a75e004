/**
 * Editor accounts (/admin/v1/auth/…, /admin/v1/me): login with the seeded development editor, wrong
 * and unknown credentials answered alike, the lock after repeated failures, the per-address and
 * per-login rate limits, sessions that expire and end at logout, and the wall between editors and
 * members: neither's token opens the other's API.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorLoginResponseSchema, editorSchema } from '#contracts/admin.ts';
import { createApp } from '../../api/src/app.ts';
import { editor_sessions, editors } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR } from '../../api/src/db/seed/index.ts';
import { purgeEditorSessions, upsertEditor } from '../../api/src/services/admin/auth/index.ts';
import { LOCKED_MESSAGE, LOGIN_FAILED_MESSAGE } from '../../api/src/services/auth/index.ts';
import { startMaintenance } from '../../api/src/services/product-requests/restock-watcher.ts';
import { hashToken } from '../../api/src/services/tokens/index.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const login = (body: unknown) => shop.request('POST', '/admin/v1/auth/login', { body });
async function editorToken(creds: { login: string; password: string } = DEV_EDITOR): Promise<string> {
  const res = await login({ login: creds.login, password: creds.password });
  expect(res.status).toBe(200);
  return editorLoginResponseSchema.parse(await res.json()).access_token;
}

describe('editor login', () => {
  it('logs the seeded development editor in; /admin/v1/me names it and is never cached', async () => {
    const res = await login({ login: DEV_EDITOR.login, password: DEV_EDITOR.password });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = editorLoginResponseSchema.parse(await res.json());
    expect(body.editor).toMatchObject({ login: 'editor', display_name: DEV_EDITOR.displayName });
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    const me = await shop.request('GET', '/admin/v1/me', { token: body.access_token });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(editorSchema.parse(await me.json()).login).toBe('editor');
    // Only the hash of the secret is stored.
    const rows = await shop.database.db.select().from(editor_sessions);
    expect(rows.some((r) => r.token_hash === body.access_token)).toBe(false);
  });

  it('answers a wrong password and an unknown login with the same 422 auth.failed', async () => {
    const wrong = await login({ login: 'editor', password: 'not-the-password' });
    const unknown = await login({ login: 'nobody-here', password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: LOGIN_FAILED_MESSAGE, code: 'auth.failed' });
    }
  });

  it('refuses a malformed body with Japanese messages by field', async () => {
    const res = await login({ login: '', password: '' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.login).toEqual(['ログインIDは必須項目です']);
    expect(body.errors.password[0]).toContain('パスワード');
    const extra = await login({ login: 'editor', password: 'x', admin: true });
    expect(extra.status).toBe(422);
  });

  it('locks an account after 5 failures in a row: even the right password is refused then', async () => {
    await upsertEditor(shop.database.db, { login: 'lock-me', displayName: 'ロック確認', password: 'right-password-123' });
    for (let i = 0; i < 5; i++) expect((await login({ login: 'lock-me', password: `wrong-${i}` })).status).toBe(422);
    const res = await login({ login: 'lock-me', password: 'right-password-123' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: LOCKED_MESSAGE, code: 'auth.locked' });
    // Setting a new password (editor:create) lifts the lock.
    await upsertEditor(shop.database.db, { login: 'lock-me', displayName: 'ロック確認', password: 'right-password-123' });
    expect((await login({ login: 'lock-me', password: 'right-password-123' })).status).toBe(200);
  });

  it('rate-limits logins per client address and per login name with 429 and Retry-After', async () => {
    const limited = createApp({ db: shop.database.db, env: shop.envWith({ LOGIN_LIMIT_PER_ADDRESS: '2', LOGIN_LIMIT_PER_ACCOUNT: '3' }) });
    const from = (remoteAddress: string, name: string) =>
      Promise.resolve(
        limited.request(
          '/admin/v1/auth/login',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ login: name, password: 'wrong-password' }),
          },
          { incoming: { socket: { remoteAddress } } },
        ),
      );
    expect((await from('198.51.100.7', 'rl-a')).status).toBe(422);
    expect((await from('198.51.100.7', 'rl-b')).status).toBe(422);
    const refused = await from('198.51.100.7', 'rl-c');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('auth.too_many_attempts');
    // Per login name, across addresses.
    for (const ip of ['198.51.100.20', '198.51.100.21', '198.51.100.22']) expect((await from(ip, 'rl-same')).status).toBe(422);
    expect((await from('198.51.100.23', 'rl-same')).status).toBe(429);
  });

  it("counts a screen login under the browser's address forwarded with the shared secret, and ignores it without", async () => {
    const limited = createApp({ db: shop.database.db, env: shop.envWith({ LOGIN_LIMIT_PER_ADDRESS: '1' }) });
    process.env.SHOP_INTERNAL_SECRET = 'shared-secret-of-this-test';
    try {
      // Every call comes from the storefront server's socket (203.0.113.9), as the /admin/ screens' do.
      const viaScreens = (name: string, browser: string, secret: string) =>
        Promise.resolve(
          limited.request(
            '/admin/v1/auth/login',
            {
              method: 'POST',
              body: JSON.stringify({ login: name, password: 'wrong-password' }),
              headers: { 'Content-Type': 'application/json', 'X-Shop-Client-Address': browser, 'X-Shop-Internal-Secret': secret },
            },
            { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
          ),
        );
      expect((await viaScreens('fw-a', '192.0.2.1', 'shared-secret-of-this-test')).status).toBe(422);
      expect((await viaScreens('fw-b', '192.0.2.2', 'shared-secret-of-this-test')).status).toBe(422);
      expect((await viaScreens('fw-c', '192.0.2.1', 'shared-secret-of-this-test')).status).toBe(429);
      // A wrong secret: the header is ignored and the socket's address counted (its one attempt, then 429).
      expect((await viaScreens('fw-d', '192.0.2.3', 'guessed-secret-of-this-test')).status).toBe(422);
      expect((await viaScreens('fw-e', '192.0.2.4', 'guessed-secret-of-this-test')).status).toBe(429);
    } finally {
      delete process.env.SHOP_INTERNAL_SECRET;
    }
  });

  it('treats a disabled editor as unknown and ends its sessions', async () => {
    await upsertEditor(shop.database.db, { login: 'leaver', displayName: '退職者', password: 'leaver-password-1' });
    const token = await editorToken({ login: 'leaver', password: 'leaver-password-1' });
    await shop.database.db.update(editors).set({ disabled: true }).where(eq(editors.login, 'leaver'));
    expect((await shop.request('GET', '/admin/v1/me', { token })).status).toBe(401);
    expect((await login({ login: 'leaver', password: 'leaver-password-1' })).status).toBe(422);
  });
});

describe('editor sessions', () => {
  it('expire: a session past its expiry answers 401', async () => {
    const token = await editorToken();
    expect((await shop.request('GET', '/admin/v1/blogs', { token })).status).toBe(200);
    await shop.database.db.update(editor_sessions).set({ expires_at: sql`now() - interval '1 second'` });
    const res = await shop.request('GET', '/admin/v1/blogs', { token });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth.unauthenticated');
  });

  it('expired and revoked sessions are deleted by the maintenance job; live ones stay and still work', async () => {
    const [live, expired, loggedOut] = [await editorToken(), await editorToken(), await editorToken()];
    await shop.database.db
      .update(editor_sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(editor_sessions.token_hash, hashToken(expired)));
    expect((await shop.request('POST', '/admin/v1/auth/logout', { token: loggedOut })).status).toBe(204);
    const stored = async () =>
      new Set((await shop.database.db.select({ hash: editor_sessions.token_hash }).from(editor_sessions)).map((r) => r.hash));
    const before = await stored();
    for (const token of [live, expired, loggedOut]) expect(before.has(hashToken(token))).toBe(true);

    const maintenance = startMaintenance(shop.database.db, { ...shop.env, RESTOCK_SCAN_INTERVAL_MS: 0 }, () => {});
    const result = await maintenance.runOnce();
    await maintenance.stop();
    expect(result.editorSessionsPurged).toBeGreaterThanOrEqual(2);
    const after = await stored();
    expect(after.has(hashToken(live))).toBe(true);
    expect(after.has(hashToken(expired))).toBe(false);
    expect(after.has(hashToken(loggedOut))).toBe(false);
    expect((await shop.request('GET', '/admin/v1/me', { token: live })).status).toBe(200);
    // Nothing left to purge: a second sweep deletes nothing, and the live session is still there.
    expect(await purgeEditorSessions(shop.database.db)).toBe(0);
    expect((await stored()).has(hashToken(live))).toBe(true);
  });

  it('end at logout, that session only', async () => {
    const [a, b] = [await editorToken(), await editorToken()];
    expect((await shop.request('POST', '/admin/v1/auth/logout', { token: a })).status).toBe(204);
    expect((await shop.request('GET', '/admin/v1/me', { token: a })).status).toBe(401);
    expect((await shop.request('GET', '/admin/v1/me', { token: b })).status).toBe(200);
  });

  it('end when editor:create sets a new password', async () => {
    await upsertEditor(shop.database.db, { login: 'rotate', displayName: '交代', password: 'old-password-2026' });
    const token = await editorToken({ login: 'rotate', password: 'old-password-2026' });
    expect((await shop.request('GET', '/admin/v1/me', { token })).status).toBe(200);
    await upsertEditor(shop.database.db, { login: 'rotate', displayName: '交代', password: 'new-password-2026' });
    expect((await shop.request('GET', '/admin/v1/me', { token })).status).toBe(401);
    expect((await login({ login: 'rotate', password: 'old-password-2026' })).status).toBe(422);
  });

  it('answer 401 without a token, for every content type', async () => {
    for (const path of ['/admin/v1/me', '/admin/v1/blogs', '/admin/v1/news/1', '/admin/v1/banners']) {
      expect((await shop.request('GET', path)).status).toBe(401);
    }
    expect((await shop.request('POST', '/admin/v1/blogs', { body: {} })).status).toBe(401);
    const forged = await shop.request('GET', '/admin/v1/me', { token: 'not-a-real-session-token-000000000000' });
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe('ログインしてください。');
  });
});

describe('editors and members apart', () => {
  it("refuses a member's access token on /admin/v1 and an editor's token on /v1", async () => {
    const member = await loginDemo(shop);
    expect((await shop.request('GET', '/v1/me/user', { token: member })).status).toBe(200);
    expect((await shop.request('GET', '/admin/v1/me', { token: member })).status).toBe(401);
    expect((await shop.request('GET', '/admin/v1/blogs', { token: member })).status).toBe(401);
    const editor = await editorToken();
    expect((await shop.request('GET', '/v1/me/user', { token: editor })).status).toBe(401);
    // Member credentials do not log in as an editor either.
    expect((await login({ login: 'demo', password: 'demo-pass-2026' })).status).toBe(422);
  });
});
