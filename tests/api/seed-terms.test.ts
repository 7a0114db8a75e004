/**
 * One source for the terms (issue 5, 6): the ご利用ガイド and 特定商取引法 pages state the delivery lead
 * time and return terms of the channel's settings (including 「食品は返品不可」) and the 代引手数料 of
 * the 代金引換 payment method, as served, never a copy typed into the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPageSeeds } from '../../api/src/db/seed/pages-data.ts';
import { TERM } from '../../api/src/db/seed/terms.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
// Checks the seed itself: this shop is seeded on its own, not copied from the run's template.
beforeAll(async () => {
  shop = await createTestShop({}, { fresh: true });
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function getJson<T>(apiPath: string, channel = 'default'): Promise<T> {
  const res = await shop.request('GET', apiPath, { channel });
  expect(res.status, apiPath).toBe(200);
  return (await res.json()) as T;
}

/** The terms as the API states them elsewhere: settings and the payment method. */
async function termsOf(channel: string) {
  const settings = await getJson<Record<string, unknown>>('/v1/settings/front', channel);
  const payments = await getJson<Array<{ code: string; fee: number }>>('/v1/payments', channel);
  const cod = payments.find((p) => p.code === 'cod');
  expect(cod, '代金引換 is offered').toBeDefined();
  const terms = {
    leadTime: settings['ORDER.DELIVERY_LEAD_TIME'],
    returnPolicy: settings['ORDER.RETURN_POLICY'],
    returnPolicyFood: settings['ORDER.RETURN_POLICY_FOOD'],
  };
  for (const [name, value] of Object.entries(terms)) expect(value, `setting ${name}`).toEqual(expect.stringMatching(/\S/));
  return { ...(terms as Record<keyof typeof terms, string>), codFee: `${cod!.fee.toLocaleString('ja-JP')}円` };
}

describe("the guide and the 特定商取引法 page state the settings' terms and the payment method's fee", () => {
  it.each([
    ['default', '/guide/'],
    ['default', '/law/'],
    ['outlet', '/guide/'],
    ['outlet', '/law/'],
  ])('%s %s', async (channel, url) => {
    const terms = await termsOf(channel);
    const page = await getJson<{ body: string }>(`/v1/static-pages/url${url}`, channel);
    expect(page.body).toContain(terms.leadTime);
    expect(page.body).toContain(terms.returnPolicy);
    expect(page.body).toContain(terms.returnPolicyFood);
    expect(page.body).toContain(`代引手数料${terms.codFee}`);
    expect(page.body, 'every placeholder is filled').not.toMatch(/\{\{[^}]*\}\}/);
  });

  it('food is not returnable, and the outlet states its own return terms', async () => {
    const main = await termsOf('default');
    const outlet = await termsOf('outlet');
    expect(main.returnPolicyFood).toContain('食品');
    expect(outlet.returnPolicy).not.toBe(main.returnPolicy);
    expect(outlet.returnPolicy).toContain('アウトレット');
  });
});

describe('the seeded pages carry no copy of a term', () => {
  it.each(['/guide/', '/law/'])('%s is written with the placeholders, not with a fee or a lead time', (url) => {
    const page = staticPageSeeds.find((p) => p.url === url)!;
    for (const placeholder of Object.values(TERM)) expect(page.body).toContain(placeholder);
    expect(page.body).not.toMatch(/代引手数料\s*[\d,]+円/);
    expect(page.body).not.toMatch(/\d+[〜~-]\d+営業日/);
  });

  it('the 代金引換 method states its fee only in `fee`, so no description can disagree with it', async () => {
    const payments = await getJson<Array<{ code: string; fee: number; description: string }>>('/v1/payments');
    const cod = payments.find((p) => p.code === 'cod')!;
    expect(cod.fee).toBeGreaterThan(0);
    expect(cod.description).not.toMatch(/[\d,]+円/);
  });
});
