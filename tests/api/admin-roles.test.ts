/**
 * Roles and the audit log of the admin API: every route of the OpenAPI document belongs to an area
 * the role table names (a new route cannot slip through open), each development account opens its
 * own areas and gets 403 auth.forbidden elsewhere, staff and admin sessions end after
 * STAFF_IDLE_SECONDS unused while an editor's lasts its day, and every login, logout and change is an
 * audit entry (who, what, before, after) that no statement can change or delete.
 */

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AREAS, AREA_ROLES, STAFF_IDLE_SECONDS } from '#contracts/admin-roles.ts';
import { editor_sessions, staff_audit_log } from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { AREA_OF_SEGMENT } from '../../api/src/routes/admin/authorize.ts';
import { hashToken } from '../../api/src/services/tokens/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  shop = await createTestShop();
  for (const who of [DEV_EDITOR, DEV_STAFF, DEV_ADMIN]) tokens[who.role] = await loginAs(who);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function loginAs(who: { login: string; password: string }): Promise<string> {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

/** One GET path of each area (the content area: blogs). */
const AREA_PROBE: Record<string, string> = {
  content: '/blogs',
  maintenance: '/maintenance',
  settings: '/settings',
  dashboard: '/dashboard',
  orders: '/orders',
  customers: '/customers',
  stock: '/products',
  staff: '/staff',
  audit: '/audit',
};

describe('roles', () => {
  it('covers every route of the OpenAPI document by an area of the role table (or an any-role path)', async () => {
    const doc = (await (await shop.request('GET', '/admin/v1/openapi.json', { token: tokens.admin })).json()) as {
      paths: Record<string, unknown>;
    };
    const uncovered = Object.keys(doc.paths).filter((p) => {
      const segment = p.split('/')[1];
      return !(segment in AREA_OF_SEGMENT) && !['auth', 'me'].includes(segment);
    });
    expect(uncovered).toEqual([]);
    expect(new Set(Object.values(AREA_OF_SEGMENT))).toEqual(new Set(ADMIN_AREAS));
  });

  it('lets each role into its own areas (200) and nowhere else (403 auth.forbidden)', async () => {
    for (const [role, token] of Object.entries(tokens)) {
      for (const area of ADMIN_AREAS) {
        const res = await shop.request('GET', `/admin/v1${AREA_PROBE[area]}`, { token });
        const allowed = (AREA_ROLES[area] as readonly string[]).includes(role);
        if (allowed) {
          expect(res.status, `${role} → ${area}`).toBe(200);
        } else {
          expect(res.status, `${role} → ${area}`).toBe(403);
          expect(await res.json()).toMatchObject({ code: 'auth.forbidden', message: 'この操作を行う権限がありません。' });
        }
      }
    }
  });

  it('refuses a first path segment the table does not name, for every role', async () => {
    for (const token of Object.values(tokens)) {
      expect((await shop.request('GET', '/admin/v1/secret-area', { token })).status).toBe(403);
    }
  });

  it('names the role on /me', async () => {
    for (const [role, token] of Object.entries(tokens)) {
      expect((await (await shop.request('GET', '/admin/v1/me', { token })).json()).role).toBe(role);
    }
  });
});

describe('staff sessions', () => {
  it(`end after ${STAFF_IDLE_SECONDS / 60} minutes unused for staff and admin; an editor's lasts its day`, async () => {
    const staff = await loginAs(DEV_STAFF);
    const editor = await loginAs(DEV_EDITOR);
    const idle = sql`now() - make_interval(secs => ${STAFF_IDLE_SECONDS + 5})`;
    for (const t of [staff, editor]) {
      await shop.database.db
        .update(editor_sessions)
        .set({ last_used_at: idle })
        .where(eq(editor_sessions.token_hash, hashToken(t)));
    }
    expect((await shop.request('GET', '/admin/v1/me', { token: staff })).status).toBe(401);
    expect((await shop.request('GET', '/admin/v1/me', { token: editor })).status).toBe(200);
  });

  it('stay alive while used: a call moves the last use forward', async () => {
    const staff = await loginAs(DEV_STAFF);
    const nearly = sql`now() - make_interval(secs => ${STAFF_IDLE_SECONDS - 60})`;
    await shop.database.db
      .update(editor_sessions)
      .set({ last_used_at: nearly })
      .where(eq(editor_sessions.token_hash, hashToken(staff)));
    expect((await shop.request('GET', '/admin/v1/me', { token: staff })).status).toBe(200);
    const [row] = await shop.database.db
      .select({ at: editor_sessions.last_used_at })
      .from(editor_sessions)
      .where(eq(editor_sessions.token_hash, hashToken(staff)));
    expect(Date.now() - row.at.getTime()).toBeLessThan(30_000);
  });
});

describe('audit log', () => {
  const entries = (action: string) =>
    shop.database.db.select().from(staff_audit_log).where(eq(staff_audit_log.action, action)).orderBy(desc(staff_audit_log.id));

  it('records logins, failures and logouts with the account as it was', async () => {
    const wrong = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_STAFF.login, password: 'wrong-password' } });
    expect(wrong.status).toBe(422);
    const [failed] = await entries('auth.login_failed');
    expect(failed).toMatchObject({ editor_login: 'staff', editor_role: 'staff', target_type: 'editor' });
    const token = await loginAs(DEV_STAFF);
    expect((await entries('auth.login')).length).toBeGreaterThan(0);
    expect((await shop.request('POST', '/admin/v1/auth/logout', { token })).status).toBe(204);
    const [out] = await entries('auth.logout');
    expect(out).toMatchObject({ editor_login: 'staff', editor_name: DEV_STAFF.displayName });
  });

  it('records a content change with before and after, and a settings change with the keys changed', async () => {
    const list = (await (await shop.request('GET', '/admin/v1/news?per=1', { token: tokens.editor })).json()) as Array<
      Record<string, unknown>
    >;
    const item = list[0];
    const { id, channel_id: _c, created_at: _a, updated_at: _u, ...fields } = item;
    const body = {
      key: fields.key,
      title: `${String(fields.title)}（改）`,
      body: fields.body,
      is_important: fields.is_important,
      published_at: fields.published_at,
    };
    expect((await shop.request('PUT', `/admin/v1/news/${id}`, { token: tokens.editor, body })).status).toBe(200);
    const [change] = await shop.database.db
      .select()
      .from(staff_audit_log)
      .where(and(eq(staff_audit_log.action, 'content.update'), eq(staff_audit_log.target_id, String(id))))
      .orderBy(desc(staff_audit_log.id));
    expect(change).toMatchObject({ editor_login: 'editor', target_type: 'news', channel_id: 'default' });
    expect((change.before as Record<string, unknown>).title).toBe(item.title);
    expect((change.after as Record<string, unknown>).title).toBe(body.title);

    const settings = (await (await shop.request('GET', '/admin/v1/settings', { token: tokens.admin })).json()) as Record<string, unknown>;
    const flip = !settings['SITE.NO_MEMBER_USE'];
    expect((await shop.request('PATCH', '/admin/v1/settings', { token: tokens.admin, body: { 'SITE.NO_MEMBER_USE': flip } })).status).toBe(
      200,
    );
    const [saved] = await entries('settings.update');
    expect(saved.before).toEqual({ 'SITE.NO_MEMBER_USE': !flip });
    expect(saved.after).toEqual({ 'SITE.NO_MEMBER_USE': flip });
    await shop.request('PATCH', '/admin/v1/settings', { token: tokens.admin, body: { 'SITE.NO_MEMBER_USE': !flip } });
  });

  it('is append-only: an UPDATE, a DELETE or a TRUNCATE is refused by the database', async () => {
    const db = shop.database.db;
    const [first] = await db.select({ id: staff_audit_log.id }).from(staff_audit_log).limit(1);
    await expect(db.update(staff_audit_log).set({ action: 'rewritten' }).where(eq(staff_audit_log.id, first.id))).rejects.toThrow();
    await expect(db.delete(staff_audit_log).where(eq(staff_audit_log.id, first.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate staff_audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(staff_audit_log).where(eq(staff_audit_log.id, first.id));
    expect(still.action).not.toBe('rewritten');
  });

  it('never keeps a password, a hash or a token in before or after', async () => {
    const rows = await shop.database.db.select({ before: staff_audit_log.before, after: staff_audit_log.after }).from(staff_audit_log);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|token_hash|scrypt/);
  });
});
