/**
 * Staff accounts (/admin/v1/staff, role admin): an admin creates an account with a password of 12
 * characters or more, changes its name and role, disables it (its live session stops at once and
 * its login answers like an unknown one), enables it, gives it a new password (its sessions end),
 * unlocks it; each change is an audit entry with before and after and never a password or hash.
 * No change leaves the shop without an enabled admin, even two admins demoting each other at once.
 */

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, MIN_STAFF_PASSWORD, staffAccountSchema } from '#contracts/admin-staff.ts';
import { editors, staff_audit_log } from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { LOGIN_FAILED_MESSAGE } from '../../api/src/services/auth/index.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
let admin: string;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await login(DEV_ADMIN.login, DEV_ADMIN.password);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function login(id: string, password: string): Promise<string> {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: id, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).access_token;
}
const tryLogin = async (id: string, password: string) => {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: id, password } });
  // The request id differs per answer; everything else must be the same.
  const { request_id: _id, ...body } = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body: body as Record<string, unknown> & { access_token?: string } };
};
const call = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await shop.request(method, `/admin/v1${path}`, { token, body });
  return { status: res.status, body: await res.json() };
};
const me = async (token: string) => (await shop.request('GET', '/admin/v1/me', { token })).status;
const lastEntry = async (action: string, id: number) =>
  (
    await shop.database.db
      .select()
      .from(staff_audit_log)
      .where(and(eq(staff_audit_log.action, action), eq(staff_audit_log.target_id, String(id))))
      .orderBy(desc(staff_audit_log.id))
      .limit(1)
  )[0];
/** No password, hash or token anywhere in an answer or an entry. */
const expectNoSecret = (value: unknown) => {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/password_hash|scrypt\$|"password"\s*:/);
};

let seq = 0;
async function created(role = 'staff', password = 'initial-pass-2026') {
  seq++;
  const res = await call('POST', '/staff', { login: `Shop-Clerk${seq}`, display_name: `店員 ${seq}`, role, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...staffAccountSchema.parse(res.body), password };
}

describe('who may', () => {
  it('answers admins only: staff and editors get 403 auth.forbidden on every staff call', async () => {
    for (const who of [DEV_STAFF, DEV_EDITOR]) {
      const token = await login(who.login, who.password);
      for (const [method, path] of [
        ['GET', '/staff'],
        ['POST', '/staff'],
        ['GET', '/staff/1'],
        ['PATCH', '/staff/1'],
        ['POST', '/staff/1/disable'],
        ['POST', '/staff/1/unlock'],
      ]) {
        const res = await call(method, path, method === 'GET' ? undefined : {}, token);
        expect(res.status, `${who.role} ${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('auth.forbidden');
      }
    }
  });

  it('lists every account with its role and state, never a hash', async () => {
    const res = await call('GET', '/staff');
    expect(res.status).toBe(200);
    const accounts = res.body.map((a: unknown) => staffAccountSchema.parse(a));
    expect(accounts.slice(0, 1).map((a: { login: string }) => a.login)).toEqual(['admin']);
    expect(accounts.find((a: { login: string }) => a.login === 'staff')).toMatchObject({ role: 'staff', disabled: false, locked: false });
    expect(accounts.find((a: { login: string }) => a.login === 'admin').last_login_at).not.toBeNull();
    expectNoSecret(res.body);
  });
});

describe('create', () => {
  it('creates an account that logs in, audited as staff.create without the password', async () => {
    const account = await created();
    expect(account).toMatchObject({
      login: `shop-clerk${seq}`,
      display_name: `店員 ${seq}`,
      role: 'staff',
      disabled: false,
      last_login_at: null,
    });
    const token = await login(account.login, account.password);
    expect((await (await shop.request('GET', '/admin/v1/me', { token })).json()).role).toBe('staff');
    const entry = await lastEntry('staff.create', account.id);
    expect(entry).toMatchObject({ editor_login: 'admin', editor_role: 'admin', target_type: 'editor', before: null });
    expect(entry.after).toMatchObject({ login: account.login, role: 'staff', disabled: false });
    expectNoSecret(entry);
    expect(JSON.stringify(entry)).not.toContain(account.password);
  });

  it(`refuses a password under ${MIN_STAFF_PASSWORD} characters, a bad login or role, unknown fields (422 by field) and a taken login (409)`, async () => {
    const base = { login: 'new-person', display_name: '新人', role: 'staff', password: 'long-enough-pass' };
    const short = await call('POST', '/staff', { ...base, password: 'x'.repeat(MIN_STAFF_PASSWORD - 1) });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual([`パスワードは${MIN_STAFF_PASSWORD}文字以上でなければなりません`]);
    const bad = await call('POST', '/staff', { ...base, login: 'a b', role: 'owner', extra: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['_', 'login', 'role']);
    const taken = await call('POST', '/staff', { ...base, login: 'STAFF' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'common.duplicate', errors: { login: ['このログインIDはすでに使われています'] } });
  });
});

describe('changes', () => {
  it('changes the name and role, audited with before and after; the live session follows the new role', async () => {
    const account = await created();
    const token = await login(account.login, account.password);
    expect((await call('GET', '/audit', undefined, token)).status).toBe(403);
    const res = await call('PATCH', `/staff/${account.id}`, { display_name: '店長 代理', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ display_name: '店長 代理', role: 'admin' });
    expect((await call('GET', '/audit', undefined, token)).status).toBe(200);
    const entry = await lastEntry('staff.update', account.id);
    expect(entry.before).toMatchObject({ display_name: account.display_name, role: 'staff' });
    expect(entry.after).toMatchObject({ display_name: '店長 代理', role: 'admin' });
    // Nothing to change: no entry.
    expect((await call('PATCH', `/staff/${account.id}`, { role: 'admin' })).status).toBe(200);
    expect((await lastEntry('staff.update', account.id)).id).toBe(entry.id);
    expect((await call('PATCH', `/staff/${account.id}`, {})).status).toBe(422);
    expect((await call('PATCH', '/staff/999999', { role: 'staff' })).status).toBe(404);
  });

  it('disables an account: its live session stops at once and its login answers like an unknown one; enabling lets it back', async () => {
    const account = await created();
    const token = await login(account.login, account.password);
    expect(await me(token)).toBe(200);
    const res = await call('POST', `/staff/${account.id}/disable`);
    expect(res.body).toMatchObject({ disabled: true, active_sessions: 0 });
    expect(await me(token)).toBe(401);
    const disabled = await tryLogin(account.login, account.password);
    const unknown = await tryLogin('nobody-at-all', account.password);
    expect(disabled).toEqual(unknown);
    expect(disabled).toEqual({ status: 422, body: { message: LOGIN_FAILED_MESSAGE, code: 'auth.failed' } });
    expect((await lastEntry('staff.disable', account.id)).after).toMatchObject({ disabled: true, sessions_ended: 1 });
    expect((await call('POST', `/staff/${account.id}/enable`)).body.disabled).toBe(false);
    expect((await lastEntry('staff.enable', account.id)).before).toMatchObject({ disabled: true });
    expect(await me(await login(account.login, account.password))).toBe(200);
  });

  it('sets a new password: the old one and the sessions stop working, the entry names no password', async () => {
    const account = await created();
    const token = await login(account.login, account.password);
    const res = await call('POST', `/staff/${account.id}/password`, { password: 'brand-new-pass-2026' });
    expect(res.status).toBe(200);
    expectNoSecret(res.body);
    expect(await me(token)).toBe(401);
    expect((await tryLogin(account.login, account.password)).status).toBe(422);
    await login(account.login, 'brand-new-pass-2026');
    const entry = await lastEntry('staff.password_reset', account.id);
    expect(entry.after).toMatchObject({ password_changed: true, sessions_ended: 1 });
    expectNoSecret(entry);
    expect(JSON.stringify(entry)).not.toContain('brand-new-pass-2026');
    expect((await call('POST', `/staff/${account.id}/password`, { password: 'short' })).status).toBe(422);
  });

  it('unlocks an account locked by wrong passwords', async () => {
    const account = await created();
    for (let i = 0; i < 5; i++) expect((await tryLogin(account.login, 'wrong-password-0')).status).toBe(422);
    expect((await tryLogin(account.login, account.password)).body.code).toBe('auth.locked');
    const [locked] = await call('GET', '/staff').then((r) => r.body.filter((a: { id: number }) => a.id === account.id));
    expect(locked).toMatchObject({ locked: true });
    expect(locked.locked_until).not.toBeNull();
    const res = await call('POST', `/staff/${account.id}/unlock`);
    expect(res.body).toMatchObject({ locked: false, failed_login_count: 0, locked_until: null });
    await login(account.login, account.password);
    expect((await lastEntry('staff.unlock', account.id)).before).toMatchObject({ failed_login_count: expect.any(Number) });
  });
});

describe('the last enabled admin', () => {
  const adminId = async () =>
    (await shop.database.db.select({ id: editors.id }).from(editors).where(eq(editors.login, DEV_ADMIN.login)))[0].id;

  it('cannot be disabled or demoted (422 staff.last_admin); with a second admin, it can', async () => {
    // Admins made by the tests before are demoted first, so the development admin is the only one.
    for (const a of (await call('GET', '/staff')).body as Array<{ id: number; login: string; role: string }>) {
      if (a.role === 'admin' && a.login !== DEV_ADMIN.login) await call('POST', `/staff/${a.id}/disable`);
    }
    const id = await adminId();
    for (const [path, body] of [
      [`/staff/${id}`, { role: 'staff' }],
      [`/staff/${id}/disable`, undefined],
    ] as const) {
      const res = await call(path.endsWith('disable') ? 'POST' : 'PATCH', path, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'staff.last_admin', message: LAST_ADMIN_MESSAGE });
    }
    expect(await me(admin)).toBe(200);
    const second = await created('admin');
    const token = await login(second.login, second.password);
    expect((await call('PATCH', `/staff/${id}`, { role: 'staff' }, token)).status).toBe(200);
    expect((await call('PATCH', `/staff/${second.id}`, { role: 'staff' }, token)).status).toBe(422);
    expect((await call('PATCH', `/staff/${id}`, { role: 'admin' }, token)).status).toBe(200);
    await call('POST', `/staff/${second.id}/disable`);
  });

  it.skipIf(!onPostgres)('survives two admins demoting each other at once: one wins, one admin is left', async () => {
    const a = await created('admin');
    const b = await created('admin');
    // Only a and b are enabled admins.
    const dev = await adminId();
    await shop.database.db.update(editors).set({ role: 'staff' }).where(eq(editors.id, dev));
    try {
      const [ta, tb] = [await login(a.login, a.password), await login(b.login, b.password)];
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          call('PATCH', `/staff/${b.id}`, { role: 'staff' }, ta),
          call('PATCH', `/staff/${a.id}`, { role: 'staff' }, tb),
        ]);
        // The loser is refused by the last-admin rule (422), or, when the winner committed before the
        // loser's request was authorised, as no longer an admin (403); never both demoted.
        expect([
          [200, 422],
          [200, 403],
        ]).toContainEqual(answers.map((r) => r.status).sort());
        const left = await shop.database.db
          .select()
          .from(editors)
          .where(and(eq(editors.role, 'admin'), eq(editors.disabled, false)));
        expect(left).toHaveLength(1);
        await shop.database.db
          .update(editors)
          .set({ role: 'admin' })
          .where(eq(editors.id, left[0].id === a.id ? b.id : a.id));
      }
    } finally {
      await shop.database.db.update(editors).set({ role: 'admin' }).where(eq(editors.id, dev));
    }
  });
});
