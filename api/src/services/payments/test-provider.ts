/**
 * The shop's side of the built-in test provider (testpay/server.ts): server-to-server calls with
 * the secret key to PAYMENT_PROVIDER_URL, and the callback signature check. A real provider is
 * another file like this one behind the same PaymentProvider interface.
 */
import type { ApiEnv } from '../../env.ts';
import type { AuthorizeResult, CallbackEvent, CardSummary, ChargeChange, PaymentProvider } from './provider.ts';
import { verifyCallbackSignature } from './testpay/signed.ts';

/** Header carrying the callback signature (`t=…,v1=…`). */
export const TEST_SIGNATURE_HEADER = 'x-testpay-signature';

const UNAVAILABLE = 'カード決済サービスに接続できませんでした。時間をおいて再度お試しください。';

type Json = Record<string, unknown>;

export function createTestProvider(env: ApiEnv): PaymentProvider {
  const base = env.PAYMENT_PROVIDER_URL?.replace(/\/+$/, '');
  const secret = env.PAYMENT_PROVIDER_SECRET;

  async function call(method: string, path: string, body?: Json): Promise<{ status: number; body: Json } | null> {
    if (!base) return null;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
    } catch {
      return null;
    }
  }
  const card = (b: Json): CardSummary => ({
    brand: String(b.brand ?? ''),
    last4: String(b.last4 ?? ''),
    expiry: String(b.expiry ?? ''),
    name: String(b.name ?? ''),
  });
  const outcome = (r: { status: number; body: Json } | null): AuthorizeResult => {
    if (!r || r.status >= 500) return { status: 'failed', code: 'provider_unavailable', reason: UNAVAILABLE };
    const b = r.body;
    if (r.status === 200 && b.status === 'authorized' && typeof b.ref === 'string') return { status: 'authorized', ref: b.ref, ...card(b) };
    if (r.status === 200 && b.status === 'requires_action' && typeof b.ref === 'string' && typeof b.redirect_url === 'string') {
      return { status: 'requires_action', ref: b.ref, redirectUrl: b.redirect_url, ...card(b) };
    }
    return { status: 'failed', code: String(b.code ?? 'failed'), reason: String(b.message ?? 'カード決済が承認されませんでした。') };
  };
  const change = async (ref: string, action: 'capture' | 'void' | 'refund' | 'amount', body?: Json): Promise<ChargeChange> => {
    const r = await call('POST', `/charges/${encodeURIComponent(ref)}/${action}`, body);
    if (r?.status === 200) return { ok: true, status: String(r.body.status) };
    if (!r || r.status >= 500) return { ok: false, reason: UNAVAILABLE, code: 'unavailable' };
    const code = r.status === 402 ? 'declined' : String(r.body.code ?? 'failed');
    return { ok: false, reason: String(r.body.message ?? UNAVAILABLE), code };
  };

  return {
    code: 'test',
    publicSettings: () =>
      base ? { script_url: `${base}/testpay.js`, origin: new URL(base).origin, public_key: env.PAYMENT_PROVIDER_PUBLIC_KEY } : null,
    async describe(source) {
      const r = await call('GET', `/tokens/${encodeURIComponent(source)}`);
      return r?.status === 200 ? card(r.body) : null;
    },
    authorize: async (input) =>
      outcome(
        await call('POST', '/charges', {
          source: input.source,
          amount: input.amount,
          order_ref: input.orderRef,
          return_url: input.returnUrl,
        }),
      ),
    complete3ds: async (ref, result) => outcome(await call('POST', `/charges/${encodeURIComponent(ref)}/3ds`, { result })),
    capture: (ref, amount) => change(ref, 'capture', amount === undefined ? {} : { amount }),
    void: (ref) => change(ref, 'void'),
    refund: (ref, amount, key) => change(ref, 'refund', { amount, key }),
    changeAmount: (ref, amount) => change(ref, 'amount', { amount }),
    async createCustomerCard(token) {
      const r = await call('POST', '/customers/cards', { token });
      return r?.status === 201 && typeof r.body.ref === 'string' ? { ref: r.body.ref, ...card(r.body) } : null;
    },
    verifyCallback(rawBody, headers): CallbackEvent | null {
      const signature = verifyCallbackSignature(secret, rawBody, headers[TEST_SIGNATURE_HEADER]);
      if (!signature) return null;
      let raw: Json;
      try {
        raw = JSON.parse(rawBody) as Json;
      } catch {
        return null;
      }
      if (!raw || typeof raw !== 'object' || typeof raw.ref !== 'string') return null;
      // The event id keys replays; a body without one is keyed by its signature (same bytes, same time).
      const id = typeof raw.id === 'string' && raw.id && raw.id.length <= 200 ? raw.id : `sig:${signature}`;
      return {
        id,
        type: String(raw.type ?? ''),
        ref: raw.ref,
        result: String(raw.result ?? ''),
        reason: typeof raw.reason === 'string' ? raw.reason : null,
        raw,
      };
    },
  };
}
