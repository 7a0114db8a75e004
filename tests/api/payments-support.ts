/**
 * A test shop wired to the built-in test payment provider, started on its own port as `npm start`
 * does, plus the steps of a checkout: tokenise a card at the provider (as the browser script does),
 * fill a member's cart, choose a payment, decide.
 */
import { expect } from 'vitest';
import { startTestProvider, type RunningTestProvider } from '../../api/src/services/payments/testpay/server.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

export const PUBLIC_KEY = 'pk_test_payments';
export const SECRET = 'sk_test_payments_secret';
export const SITE = 'http://localhost:4321';

export const CARDS = { success: '4242424242424242', decline: '4000000000000002', threeDs: '4000000000003220' } as const;

export interface PaymentShop {
  shop: TestShop;
  provider: RunningTestProvider;
  demo: string;
  addressId: number;
  payments: Record<string, number>;
  product: ReturnType<typeof productPicker>;
  close: () => Promise<void>;
}

export async function createPaymentShop(): Promise<PaymentShop> {
  const provider = await startTestProvider({ port: 0, publicKey: PUBLIC_KEY, secret: SECRET, allowedOrigins: [SITE] });
  const shop = await createTestShop({
    PAYMENT_PROVIDER_URL: provider.url, PAYMENT_PROVIDER_PUBLIC_KEY: PUBLIC_KEY, PAYMENT_PROVIDER_SECRET: SECRET, SITE_URL: SITE,
  });
  const demo = await loginDemo(shop);
  const addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
  const list = await (await shop.request('GET', '/v1/payments')).json();
  const payments = Object.fromEntries(list.map((p: { code: string; id: number }) => [p.code, p.id]));
  return {
    shop, provider, demo, addressId, payments, product: productPicker(shop),
    close: async () => { await shop.close(); await provider.close(); },
  };
}

/** POST /tokens at the provider, as testpay.js does from the shopper's browser. */
export async function tokenise(p: PaymentShop, number: string, opts: { expiry?: string; code?: string; name?: string } = {}) {
  const res = await fetch(`${p.provider.url}/tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ key: PUBLIC_KEY, number, expiry: opts.expiry ?? '203012', code: opts.code ?? '123', name: opts.name ?? 'TARO YAMADA' }),
  });
  return { status: res.status, body: await res.json() as { id: string; card: { brand: string; last4: string }; errors?: Record<string, string[]> }, headers: res.headers };
}

export async function patchOk(p: PaymentShop, path: string, body: unknown, token = p.demo) {
  const res = await p.shop.request('PATCH', `/v1/carts/${path}`, { body, token });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** A member's cart with `lines` and the default address, ready for a payment choice. */
export async function filledCart(p: PaymentShop, lines: [number, number][]) {
  const { token } = await (await p.shop.request('POST', '/v1/carts/init', { body: {} })).json();
  for (const [product_id, quantity] of lines) await patchOk(p, 'products/add', { token, product_id, quantity });
  await patchOk(p, 'shippings/add', { token, user_address_id: p.addressId });
  return token as string;
}

export const choose = (p: PaymentShop, token: string, code: string, extra: Record<string, unknown> = {}) =>
  p.shop.request('PATCH', '/v1/carts/order/modify', { body: { token, payment_id: p.payments[code], ...extra }, token: p.demo });

export const decide = (p: PaymentShop, token: string) => p.shop.request('POST', `/v1/carts/${token}/decision`, { token: p.demo, body: {} });

/** Follows a 3-D Secure redirect like a browser: opens the challenge, enters `code`, returns the shop's return URL. */
export async function passChallenge(redirectUrl: string, code = '123456', action = 'verify'): Promise<URL> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('認証コード 123456');
  const res = await fetch(redirectUrl, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code, action }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}
