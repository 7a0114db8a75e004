/**
 * The delivery lead time and return terms come from one source, the channel's settings: GET
 * /v1/settings/front carries them for the confirmation screen, and the guide and 特定商取引法 pages
 * get them (and the 代金引換 fee, from the payment method) through placeholders filled when served.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landing_pages, payment_methods, settings, static_pages } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const KEYS = ['ORDER.DELIVERY_LEAD_TIME', 'ORDER.RETURN_POLICY', 'ORDER.RETURN_POLICY_FOOD'] as const;
const front = async (channel = 'default') => (await shop.request('GET', '/v1/settings/front', { channel })).json();
const page = async (url: string, channel = 'default') => {
  const res = await shop.request('GET', `/v1/static-pages/url${url}`, { channel });
  expect(res.status, url).toBe(200);
  return (await res.json()).body as string;
};
const setSetting = (key: string, value: unknown, channel = 'default') =>
  shop.database.db
    .insert(settings)
    .values({ channel_id: channel, key, value, is_public: true })
    .onConflictDoUpdate({ target: [settings.channel_id, settings.key], set: { value } });

describe('terms in the site settings', () => {
  it('GET /v1/settings/front carries the lead time, the return policy and 「食品は返品不可」', async () => {
    const s = await front();
    for (const key of KEYS) expect(typeof s[key], key).toBe('string');
    expect(s['ORDER.DELIVERY_LEAD_TIME']).toMatch(/営業日/);
    expect(s['ORDER.RETURN_POLICY']).toMatch(/返品/);
    expect(s['ORDER.RETURN_POLICY_FOOD']).toContain('食品は返品不可');
  });
});

describe('the guide and 特定商取引法 pages state the same terms', () => {
  it("fill every placeholder with the channel's settings and the 代金引換 fee", async () => {
    const s = await front();
    for (const url of ['/law/', '/guide/']) {
      const body = await page(url);
      expect(body, url).not.toContain('{{');
      expect(body, url).toContain(s['ORDER.DELIVERY_LEAD_TIME']);
      expect(body, url).toContain(s['ORDER.RETURN_POLICY']);
      expect(body, url).toContain('食品は返品不可');
    }
    expect(await page('/law/')).toContain('330円');
  });

  it('follow a change of the settings and of the payment fee without touching the page', async () => {
    await setSetting('ORDER.DELIVERY_LEAD_TIME', 'ご注文から2営業日以内に発送します。');
    await shop.database.db.update(payment_methods).set({ fee: 440 }).where(eq(payment_methods.code, 'cod'));
    try {
      for (const url of ['/law/', '/guide/']) expect(await page(url)).toContain('ご注文から2営業日以内に発送します。');
      expect((await front())['ORDER.DELIVERY_LEAD_TIME']).toBe('ご注文から2営業日以内に発送します。');
      const law = await page('/law/');
      expect(law).toContain('440円');
      expect(law).not.toContain('330円');
    } finally {
      await shop.database.db.update(payment_methods).set({ fee: 330 }).where(eq(payment_methods.code, 'cod'));
    }
  });

  it('are per channel', async () => {
    const outlet = await front('outlet');
    expect(await page('/law/', 'outlet')).toContain(outlet['ORDER.RETURN_POLICY']);
  });
});

describe('placeholders', () => {
  it('escape the value, leave unknown or private keys as written, and work in landing pages', async () => {
    const db = shop.database.db;
    await setSetting('ORDER.RETURN_POLICY_FOOD', '<script>alert(1)</script>食品は返品不可です。');
    await db.insert(settings).values({ channel_id: 'default', key: 'MAIL.SECRET', value: 'secret-value', is_public: false });
    const body =
      '<p>{{ORDER.RETURN_POLICY_FOOD}}</p><p>{{MAIL.SECRET}}</p><p>{{NO.SUCH_KEY}}</p><p>{{PAYMENT_FEE:cod}} / {{PAYMENT_FEE:bank_transfer}}</p>';
    await db.insert(static_pages).values({ channel_id: 'default', url: '/terms-test/', title: 'テスト', body });
    await db.insert(landing_pages).values({ channel_id: 'default', key: 'terms-test', title: 'テスト', body });
    const lp = await (await shop.request('GET', '/v1/lp/terms-test')).json();
    for (const html of [await page('/terms-test/'), lp.body]) {
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;食品は返品不可です。');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('secret-value');
      expect(html).toContain('{{MAIL.SECRET}}');
      expect(html).toContain('{{NO.SUCH_KEY}}');
      expect(html).toContain('330円 / 0円');
    }
    await db.delete(settings).where(and(eq(settings.channel_id, 'default'), eq(settings.key, 'MAIL.SECRET')));
  });
});
