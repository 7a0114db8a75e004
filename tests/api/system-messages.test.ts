/**
 * The message centre (/v1/me/system-messages, …/unread-count, …/{id}): the member's own messages,
 * newest first in pages of 10 with the pagination headers and is_read; the unread count; opening a
 * message marks it read once (read_at kept); another member's message is 404; no sign-in is 401.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { system_messages } from '../../api/src/db/schema/index.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function member(name: string) {
  const m = await createMember(shop, `${name}${id}`);
  const res = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
  return { ...m, token: (await res.json()).access_token as string };
}

/** Gives the member `n` messages, one a minute apart, the last one newest; returns their ids oldest first. */
async function give(userId: number, n: number): Promise<number[]> {
  const base = Date.now() - 24 * 60 * 60 * 1000;
  const rows = await shop.database.db
    .insert(system_messages)
    .values(
      Array.from({ length: n }, (_, i) => ({
        user_id: userId,
        title: `お知らせ${i + 1}`,
        body: `本文${i + 1}\n二行目 <b>太字ではない</b>`,
        created_at: new Date(base + i * 60_000),
      })),
    )
    .returning({ id: system_messages.id });
  return rows.map((r) => r.id);
}

const unread = async (token: string) => {
  const res = await shop.request('GET', '/v1/me/system-messages/unread-count', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { unread_count: number }).unread_count;
};

describe('/v1/me/system-messages', () => {
  it("lists the member's messages newest first, 10 per page, with the pagination headers and is_read", async () => {
    const a = await member('msga');
    const ids = await give(a.id, 12);
    const first = await shop.request('GET', '/v1/me/system-messages', { token: a.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total')).toBe('12');
    expect(first.headers.get('x-per-page')).toBe('10');
    expect(first.headers.get('x-last-page')).toBe('2');
    expect(first.headers.get('x-current-page')).toBe('1');
    const page1 = (await first.json()) as Array<{ id: number; title: string; body: string; is_read: boolean; read_at: string | null }>;
    expect(page1.map((m) => m.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(page1[0]).toMatchObject({ title: 'お知らせ12', body: '本文12\n二行目 <b>太字ではない</b>', is_read: false, read_at: null });

    const second = await shop.request('GET', '/v1/me/system-messages?page=2', { token: a.token });
    expect(second.headers.get('x-current-page')).toBe('2');
    expect(((await second.json()) as Array<{ id: number }>).map((m) => m.id)).toEqual([ids[1], ids[0]]);

    const bad = await shop.request('GET', '/v1/me/system-messages?page=0', { token: a.token });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toHaveProperty('page');
  });

  it('opening a message marks it read once; the unread count drops and read_at stays the first opening', async () => {
    const a = await member('msgb');
    const [older, newer] = await give(a.id, 2);
    expect(await unread(a.token)).toBe(2);

    const open = await shop.request('GET', `/v1/me/system-messages/${older}`, { token: a.token });
    expect(open.status).toBe(200);
    const opened = (await open.json()) as { id: number; is_read: boolean; read_at: string };
    expect(opened).toMatchObject({ id: older, title: 'お知らせ1', is_read: true });
    expect(Date.parse(opened.read_at)).not.toBeNaN();
    expect(await unread(a.token)).toBe(1);

    const again = await (await shop.request('GET', `/v1/me/system-messages/${older}`, { token: a.token })).json();
    expect(again.read_at).toBe(opened.read_at);
    expect(await unread(a.token)).toBe(1);
    const [row] = await shop.database.db.select().from(system_messages).where(eq(system_messages.id, older));
    expect(row.read_at?.toISOString()).toBe(opened.read_at);

    const list = (await (await shop.request('GET', '/v1/me/system-messages', { token: a.token })).json()) as Array<{
      id: number;
      is_read: boolean;
    }>;
    expect(list.map((m) => [m.id, m.is_read])).toEqual([
      [newer, false],
      [older, true],
    ]);
  });

  it("another member's message is 404 and stays unread; nobody else sees it in a list or count; no sign-in is 401", async () => {
    const a = await member('msgc');
    const b = await member('msgd');
    const [mine] = await give(a.id, 1);
    const res = await shop.request('GET', `/v1/me/system-messages/${mine}`, { token: b.token });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('メッセージが見つかりません。');
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(0);
    const other = await shop.request('GET', '/v1/me/system-messages', { token: b.token });
    expect(other.headers.get('x-total')).toBe('0');
    expect(await other.json()).toEqual([]);

    expect((await shop.request('GET', '/v1/me/system-messages/999999999', { token: a.token })).status).toBe(404);
    expect((await shop.request('GET', '/v1/me/system-messages/abc', { token: a.token })).status).toBe(422);
    for (const path of ['/v1/me/system-messages', '/v1/me/system-messages/unread-count', `/v1/me/system-messages/${mine}`]) {
      expect((await shop.request('GET', path)).status).toBe(401);
    }
  });

  it('demo is seeded with two pages of messages, some of them unread', async () => {
    const token = await loginDemo(shop);
    const res = await shop.request('GET', '/v1/me/system-messages', { token });
    expect(Number(res.headers.get('x-total'))).toBeGreaterThan(10);
    expect(await unread(token)).toBeGreaterThan(0);
  });
});
