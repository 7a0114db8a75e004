/**
 * A test shop wired to the built-in test payment provider, started on its own port as `npm start`
 * does, plus the steps of a checkout: tokenise a card at the provider (as the browser script does),
 * fill a member's cart, choose a payment, decide.
 */
import { expect } from 'vitest';
import { orderActionResultSchema } from '#contracts/admin-order-actions.ts';
import { point_histories, user_addresses, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { type RunningTestProvider, startTestProvider } from '../../api/src/services/payments/testpay/server.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

export const PUBLIC_KEY = 'pk_test_payments';
export const SECRET = 'sk_test_payments_secret';
export const SITE = 'http://localhost:4321';

export const CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000000000003220',
  noIncrease: '4000000000009995',
} as const;

export interface PaymentShop {
  shop: TestShop;
  provider: RunningTestProvider;
  demo: string;
  addressId: number;
  payments: Record<string, number>;
  product: ReturnType<typeof productPicker>;
  close: () => Promise<void>;
}

/**
 * `latencyMs`: the provider's delay before each charge change answers (race tests widen their windows with it).
 * `env`: more of the shop's configuration (e.g. the pool's waits for a race of hundreds of buyers).
 */
export async function createPaymentShop(opts: { latencyMs?: number; env?: Record<string, string> } = {}): Promise<PaymentShop> {
  const provider = await startTestProvider({
    port: 0,
    publicKey: PUBLIC_KEY,
    secret: SECRET,
    allowedOrigins: [SITE],
    latencyMs: opts.latencyMs,
  });
  const shop = await createTestShop({
    PAYMENT_PROVIDER_URL: provider.url,
    PAYMENT_PROVIDER_PUBLIC_KEY: PUBLIC_KEY,
    PAYMENT_PROVIDER_SECRET: SECRET,
    SITE_URL: SITE,
    ...opts.env,
  });
  const demo = await loginDemo(shop);
  const addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
  const list = await (await shop.request('GET', '/v1/payments')).json();
  const payments = Object.fromEntries(list.map((p: { code: string; id: number }) => [p.code, p.id]));
  return {
    shop,
    provider,
    demo,
    addressId,
    payments,
    product: productPicker(shop),
    close: async () => {
      await shop.close();
      await provider.close();
    },
  };
}

/** POST /tokens at the provider, as testpay.js does from the shopper's browser. */
export async function tokenise(p: PaymentShop, number: string, opts: { expiry?: string; code?: string; name?: string } = {}) {
  const res = await fetch(`${p.provider.url}/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({
      key: PUBLIC_KEY,
      number,
      expiry: opts.expiry ?? '203012',
      code: opts.code ?? '123',
      name: opts.name ?? 'TARO YAMADA',
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { id: string; card: { brand: string; last4: string }; errors?: Record<string, string[]> },
    headers: res.headers,
  };
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
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code, action }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

export interface Member {
  token: string;
  id: number;
  email: string;
  addressIds: number[];
}

let members = 0;
/** A new signed-in member with two addresses (the first the default) holding `points` (one 'キャンペーン特典' lot). */
export async function newMember(p: PaymentShop, points = 0): Promise<Member> {
  const db = p.shop.database.db;
  const name = `pay-member${++members}`;
  const [u] = await db
    .insert(users)
    .values({
      channel_id: 'default',
      username: name,
      email: `${name}@example.jp`,
      password_hash: await hashPassword('member-pass-2026'),
      last_name: '佐藤',
      first_name: '花子',
      is_registered_member: true,
      point_balance: points,
    })
    .returning();
  if (points)
    await db
      .insert(point_histories)
      .values({ user_id: u.id, amount: points, reason: 'キャンペーン特典', expires_at: new Date(Date.now() + 200 * 86_400_000) });
  const addresses = await db
    .insert(user_addresses)
    .values([
      {
        user_id: u.id,
        name: '自宅',
        last_name: '佐藤',
        first_name: '花子',
        postal_code: '1000001',
        prefecture: '東京都',
        city: '千代田区',
        address1: '千代田1-1',
        is_default: true,
      },
      {
        user_id: u.id,
        name: '実家',
        last_name: '佐藤',
        first_name: '一郎',
        postal_code: '5300001',
        prefecture: '大阪府',
        city: '大阪市北区',
        address1: '梅田1-1',
      },
    ])
    .returning();
  const res = await p.shop.request('POST', '/v1/auth/login', { body: { username: name, password: 'member-pass-2026' } });
  return { token: (await res.json()).access_token as string, id: u.id, email: u.email!, addressIds: addresses.map((a) => a.id) };
}

export interface OrderSpec {
  /** [product id, quantity]; `delivery` 1 sends the line to the member's second address. */
  lines: Array<[number, number] | [number, number, 1]>;
  payment: string;
  /** A test card number (CARDS) for a card order. */
  card?: string;
  /** Runs on the cart before the payment is chosen (coupons, points). */
  before?: (token: string) => Promise<void>;
}

/** Places `member`'s order through the API (cart → payment → decision); answers its id and number. */
export async function placeOrderFor(p: PaymentShop, member: Member, spec: OrderSpec): Promise<{ id: number; no: string }> {
  const { token } = await (await p.shop.request('POST', '/v1/carts/init', { body: {} })).json();
  let cart;
  for (const [product_id, quantity] of spec.lines) cart = await patchOk(p, 'products/add', { token, product_id, quantity }, member.token);
  cart = await patchOk(p, 'shippings/add', { token, user_address_id: member.addressIds[0] }, member.token);
  if (spec.lines.some((l) => l[2] === 1)) {
    cart = await patchOk(p, 'shippings/add', { token, user_address_id: member.addressIds[1] }, member.token);
    const second = cart.detail.shippings[1].id;
    for (const [product_id, quantity, delivery] of spec.lines) {
      if (delivery !== 1) continue;
      const line = cart.detail.products.find((x: { product_info: { id: number } }) => x.product_info.id === product_id);
      cart = await patchOk(p, 'products/divide', { token, key: line.key, shipping_id: second, quantity }, member.token);
    }
  }
  if (spec.before) await spec.before(token);
  const extra = spec.card
    ? { card_token: (await tokenise(p, spec.card)).body.id }
    : spec.payment === 'konbini'
      ? { konbini_store: 'seven-eleven' }
      : {};
  const chosen = await p.shop.request('PATCH', '/v1/carts/order/modify', {
    body: { token, payment_id: p.payments[spec.payment], ...extra },
    token: member.token,
  });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const res = await p.shop.request('POST', `/v1/carts/${token}/decision`, { token: member.token, body: {} });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.order_id as number, no: body.order_no as string };
}

/** The test provider's record of a charge: state, amounts and how many calls of each kind it answered. */
export async function chargeAtProvider(p: PaymentShop, ref: string) {
  const res = await fetch(`${p.provider.url}/charges/${encodeURIComponent(ref)}`, { headers: { authorization: `Bearer ${SECRET}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    status: string;
    amount: number;
    captured_amount: number;
    refunded_amount: number;
    calls: Record<'capture' | 'void' | 'refund' | 'amount', number>;
  };
}

/** Signs a /admin/ account in; answers its bearer token. */
export async function adminLogin(p: PaymentShop, who: { login: string; password: string }): Promise<string> {
  const res = await p.shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
  expect(res.status).toBe(200);
  return (await res.json()).access_token as string;
}

/** The staff's order actions as the /admin/orders/{id}/ screen calls them. */
export function orderActions(current: () => PaymentShop, token: () => string) {
  const call = (path: string, body: unknown, as: string | null = token(), channel?: string) =>
    current().shop.request('POST', `/admin/v1/orders/${path}`, { body, token: as, ...(channel ? { channel } : {}) });
  return {
    paid: (id: number, as?: string | null, channel?: string) => call(`${id}/paid`, undefined, as, channel),
    ship: (
      id: number,
      index: number,
      body: unknown = { carrier: 'yamato', tracking_no: `1234-5678-${String(id).padStart(4, '0')}` },
      as?: string | null,
      channel?: string,
    ) => call(`${id}/shipments/${index}/ship`, body, as, channel),
    cancel: (id: number, reason: unknown = '在庫切れのため', as?: string | null, channel?: string) =>
      call(`${id}/cancel`, { reason }, as, channel),
    amount: (id: number, body: unknown, as?: string | null, channel?: string) => call(`${id}/amount`, body, as, channel),
  };
}

/** A staff action's answer: the OrderActionResult when 200, else the error body, the status checked. */
export async function actionAnswer(res: Promise<Response>, status = 200) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  return status === 200 ? orderActionResultSchema.parse(body) : body;
}
