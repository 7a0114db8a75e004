/**
 * GET /v1/content-state: the content version moves with every content write, whoever makes it (a
 * trigger per content table, migration 0015), stays when only products or orders change, and the
 * channel's next scheduled post is announced so the storefront can rebuild when it comes out.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStateSchema } from '#contracts/content.ts';
import { blogs, news, products, stylists } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function state(channel = 'default') {
  const res = await shop.request('GET', '/v1/content-state', { channel });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return contentStateSchema.parse(await res.json());
}

describe('content state', () => {
  it('moves with a post, a page, a stylist or a setting written by any means, not with products', async () => {
    const db = shop.database.db;
    let last = (await state()).version;
    const moved = async () => {
      const v = (await state()).version;
      const m = v > last;
      last = v;
      return m;
    };
    await db
      .update(blogs)
      .set({ title: '編集したタイトル' })
      .where(eq(blogs.id, (await db.select({ id: blogs.id }).from(blogs).limit(1))[0].id));
    expect(await moved()).toBe(true);
    await db.execute(sql`update static_pages set title = title || '。' where id = (select min(id) from static_pages)`);
    expect(await moved()).toBe(true);
    await db
      .update(stylists)
      .set({ profile: 'プロフィールを更新しました' })
      .where(eq(stylists.id, (await db.select({ id: stylists.id }).from(stylists).limit(1))[0].id));
    expect(await moved()).toBe(true);
    await db.execute(sql`update settings set value = value where key = (select min(key) from settings)`);
    expect(await moved()).toBe(true);
    await db
      .update(products)
      .set({ stock: 7 })
      .where(eq(products.id, (await db.select({ id: products.id }).from(products).limit(1))[0].id));
    expect(await moved()).toBe(false);
  });

  it('announces the earliest future post of the channel, and none of another channel', async () => {
    const db = shop.database.db;
    const soon = new Date(Date.now() + 3_600_000);
    const later = new Date(Date.now() + 7_200_000);
    await db
      .insert(news)
      .values({ channel_id: 'default', key: 'scheduled-news', title: '予約投稿', body: '<p>まもなく</p>', published_at: later });
    await db
      .insert(blogs)
      .values({ channel_id: 'default', key: 'scheduled-blog', title: '予約ブログ', body: '<p>まもなく</p>', published_at: soon });
    const before = (await state()).next_publish_at;
    expect(before).not.toBeNull();
    expect(new Date(before!).getTime()).toBeLessThanOrEqual(soon.getTime());
    expect(new Date(before!).getTime()).toBeGreaterThan(Date.now());
    const outlet = await state('outlet');
    expect(outlet.next_publish_at === null || new Date(outlet.next_publish_at).getTime() !== soon.getTime()).toBe(true);
  });
});
