/**
 * The audit log as admins read it (GET /admin/v1/audit): admins only, newest first, 50 a page with
 * the pagination headers, filtered by action (a code or a kind), account, target and Japan dates,
 * malformed filters a 422 in Japanese; the log has no call that changes or deletes an entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PER_PAGE, auditEntrySchema } from '#contracts/admin-audit.ts';
import { staff_audit_log } from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  shop = await createTestShop();
  for (const who of [DEV_EDITOR, DEV_STAFF, DEV_ADMIN]) {
    const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
    tokens[who.role] = (await res.json()).access_token;
  }
  // 120 entries on one made-up target, one a minute back from 2026-03-31 23:59 JST, alternating two actions and accounts.
  const last = Date.parse('2026-03-31T23:59:00+09:00');
  await shop.database.db.insert(staff_audit_log).values(
    Array.from({ length: 120 }, (_, i) => ({
      at: new Date(last - i * 60_000 * 30),
      editor_id: null,
      editor_login: i % 2 ? 'clerk-b' : 'clerk-a',
      editor_name: i % 2 ? '店員B' : '店員A',
      editor_role: 'staff',
      channel_id: 'default',
      action: i % 3 ? 'stock.update' : 'order.ship',
      target_type: 'audit-test',
      target_id: String(i % 4),
      before: { stock: i },
      after: { stock: i + 1 },
      ip: '192.0.2.1',
    })),
  );
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function audit(query: string, token = tokens.admin) {
  const res = await shop.request('GET', `/admin/v1/audit${query}`, { token });
  const body = await res.json();
  return {
    status: res.status,
    body,
    headers: res.headers,
    entries: res.status === 200 ? (body as unknown[]).map((e) => auditEntrySchema.parse(e)) : [],
  };
}

describe('GET /admin/v1/audit', () => {
  it('is for admins only: staff and editors get 403', async () => {
    for (const role of ['staff', 'editor']) {
      const res = await audit('', tokens[role]);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.forbidden');
    }
    expect((await audit('')).status).toBe(200);
  });

  it('pages 50 at a time, newest first, with the pagination headers', async () => {
    const first = await audit('?target_type=audit-test');
    expect(first.entries).toHaveLength(AUDIT_PER_PAGE);
    expect(first.headers.get('x-total')).toBe('120');
    expect(first.headers.get('x-per-page')).toBe('50');
    expect(first.headers.get('x-last-page')).toBe('3');
    expect(first.headers.get('x-current-page')).toBe('1');
    expect(first.entries[0].at).toBe(new Date('2026-03-31T23:59:00+09:00').toISOString());
    const at = first.entries.map((e) => Date.parse(e.at));
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    const third = await audit('?target_type=audit-test&page=3');
    expect(third.entries).toHaveLength(20);
    expect(third.entries.at(-1)!.before).toEqual({ stock: 119 });
    expect((await audit('?target_type=audit-test&page=4')).entries).toEqual([]);
  });

  it('filters by action, kind of action, account, target and Japan dates', async () => {
    const ship = await audit('?target_type=audit-test&action=order.ship');
    expect(ship.headers.get('x-total')).toBe('40');
    expect(ship.entries.every((e) => e.action === 'order.ship')).toBe(true);
    expect((await audit('?target_type=audit-test&action=stock.')).headers.get('x-total')).toBe('80');
    expect((await audit('?target_type=audit-test&action=stock')).headers.get('x-total')).toBe('0');
    const clerk = await audit('?target_type=audit-test&editor=Clerk-B');
    expect(clerk.headers.get('x-total')).toBe('60');
    expect(clerk.entries.every((e) => e.editor_login === 'clerk-b')).toBe(true);
    const one = await audit('?target_type=audit-test&target_id=3');
    expect(one.headers.get('x-total')).toBe('30');
    // 2026-03-31 JST holds entries 0..47 (every 30 minutes back from 23:59), 03-30 the next 48.
    expect((await audit('?target_type=audit-test&from=2026-03-31&to=2026-03-31')).headers.get('x-total')).toBe('48');
    expect((await audit('?target_type=audit-test&to=2026-03-30')).headers.get('x-total')).toBe('72');
    expect((await audit('?target_type=audit-test&from=2026-04-01')).headers.get('x-total')).toBe('0');
    // The accounts' own logins are there too, by the real action code.
    const logins = await audit(`?action=auth.login&editor=${DEV_STAFF.login}`);
    expect(logins.entries[0]).toMatchObject({ editor_login: 'staff', editor_role: 'staff', target_type: 'editor' });
  });

  it('answers a malformed filter with 422 by field in Japanese, and blank filters as none', async () => {
    const bad = await audit('?from=2026-02-30&to=yesterday&page=0');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      from: ['開始日はYYYY-MM-DDの形式で入力してください'],
      to: ['終了日はYYYY-MM-DDの形式で入力してください'],
    });
    expect(bad.body.errors.page).toHaveLength(1);
    expect((await audit('?action=&editor=&from=&to=&target_type=audit-test')).headers.get('x-total')).toBe('120');
  });

  it('has no call that changes or deletes an entry', async () => {
    const [entry] = (await audit('?target_type=audit-test')).entries;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await shop.request(method, `/admin/v1/audit/${entry.id}`, {
        token: tokens.admin,
        body: method === 'DELETE' ? undefined : { action: 'x' },
      });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
    }
    expect((await audit('?target_type=audit-test')).entries[0]).toEqual(entry);
  });
});
