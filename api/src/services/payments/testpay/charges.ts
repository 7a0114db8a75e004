/**
 * The test provider's charge changes, server to server (Authorization: Bearer <secret key>), on the
 * charge states it keeps in memory (one record per charge reference):
 *   POST /charges/{ref}/capture  { amount? }      authorized → captured (売上確定 of `amount`, default all)
 *   POST /charges/{ref}/void                      authorized | requires_action → voided
 *   POST /charges/{ref}/refund   { amount, key }  refunds part or all of what was captured
 *   POST /charges/{ref}/amount   { amount }       changes an authorised amount (an increase is a new
 *                                                 authorisation: card 4000 0000 0000 9995 declines it)
 *   GET  /charges/{ref}                           the state, amounts and how many calls of each kind came
 * Each call is idempotent, as the shop's crash recovery needs (docs/payments.md "Back office"): a
 * capture or void of a charge already in that state answers it again, a refund repeating a `key`
 * answers the first refund's result without refunding twice, an amount equal to the current one
 * changes nothing. `latencyMs` delays each change (tests widen race windows with it).
 */
import type { Context, Hono } from 'hono';
import type { ChargeBody } from './signed.ts';

export type ChargeState = 'requires_action' | 'authorized' | 'failed' | 'captured' | 'voided' | 'refunded';
type Action = 'capture' | 'void' | 'refund' | 'amount';

export interface ChargeRecord {
  state: ChargeState;
  /** The amount authorised now (yen). */
  amount: number;
  captured: number;
  refunded: number;
  /** Refunds by idempotency key: the refunded total each answered. */
  refunds: Map<string, number>;
  calls: Record<Action, number>;
}

export const MAX_AMOUNT = 10_000_000;

/** The charge records, created on first sight of a signed charge reference. */
export function chargeStore() {
  const records = new Map<string, ChargeRecord>();
  const fresh = (state: ChargeState, amount: number): ChargeRecord => ({
    state,
    amount,
    captured: 0,
    refunded: 0,
    refunds: new Map(),
    calls: { capture: 0, void: 0, refund: 0, amount: 0 },
  });
  return {
    /** The state of `ref` (a charge never seen since a restart counts as authorised). */
    get: (ref: string, body: ChargeBody): ChargeRecord => {
      let r = records.get(ref);
      if (!r) records.set(ref, (r = fresh('authorized', body.amount)));
      return r;
    },
    stateOf: (ref: string): ChargeState | undefined => records.get(ref)?.state,
    set: (ref: string, state: ChargeState, amount: number) => {
      const r = records.get(ref);
      if (r) r.state = state;
      else records.set(ref, fresh(state, amount));
    },
  };
}
export type ChargeStore = ReturnType<typeof chargeStore>;

export interface ChargeRoutesDeps {
  store: ChargeStore;
  /** The signed charge body of `ref`, or null when forged or another merchant's. */
  charge: (ref: string) => ChargeBody | null;
  authorized: (c: Context) => boolean;
  denied: (c: Context) => Response;
  readJson: (c: Context) => Promise<Record<string, unknown>>;
  latencyMs?: number;
}

const view = (ref: string, r: ChargeRecord) => ({
  ref,
  status: r.state,
  amount: r.amount,
  captured_amount: r.captured,
  refunded_amount: r.refunded,
  calls: { ...r.calls },
});

const validAmount = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;

export function registerChargeChanges(app: Hono, d: ChargeRoutesDeps) {
  const pause = () => (d.latencyMs ? new Promise((r) => setTimeout(r, d.latencyMs)) : Promise.resolve());
  const invalidState = (c: Context, what: string, r: ChargeRecord) =>
    c.json({ message: `この取引は${what}できません（${r.state}）。`, code: 'invalid_state', status: r.state }, 409);
  const invalidAmount = (c: Context) => c.json({ message: '金額が正しくありません。', code: 'invalid_amount' }, 422);

  /** Runs `change` on the charge of the path's ref (authenticated, counted, delayed). */
  const on =
    (action: Action, change: (c: Context, ref: string, r: ChargeRecord, ch: ChargeBody) => Promise<Response> | Response) =>
    async (c: Context) => {
      if (!d.authorized(c)) return d.denied(c);
      const ref = c.req.param('ref') ?? '';
      const ch = d.charge(ref);
      if (!ch) return c.json({ message: '取引が見つかりません。', code: 'not_found' }, 404);
      const r = d.store.get(ref, ch);
      r.calls[action] += 1;
      await pause();
      return change(c, ref, r, ch);
    };

  app.get('/charges/:ref', (c) => {
    if (!d.authorized(c)) return d.denied(c);
    const ref = c.req.param('ref');
    const ch = d.charge(ref);
    return ch ? c.json(view(ref, d.store.get(ref, ch))) : c.json({ message: '取引が見つかりません。', code: 'not_found' }, 404);
  });

  app.post(
    '/charges/:ref/capture',
    on('capture', async (c, ref, r) => {
      if (r.state === 'captured' || r.state === 'refunded') return c.json(view(ref, r));
      if (r.state !== 'authorized') return invalidState(c, '売上確定', r);
      const { amount } = await d.readJson(c);
      const take = amount === undefined ? r.amount : amount;
      if (!validAmount(take, r.amount)) return invalidAmount(c);
      r.state = 'captured';
      r.captured = take as number;
      return c.json(view(ref, r));
    }),
  );

  app.post(
    '/charges/:ref/void',
    on('void', (c, ref, r) => {
      if (r.state === 'voided') return c.json(view(ref, r));
      if (r.state !== 'authorized' && r.state !== 'requires_action') return invalidState(c, '取消', r);
      r.state = 'voided';
      return c.json(view(ref, r));
    }),
  );

  app.post(
    '/charges/:ref/refund',
    on('refund', async (c, ref, r) => {
      const { amount, key } = await d.readJson(c);
      const k = typeof key === 'string' && key ? key.slice(0, 200) : null;
      if (k && r.refunds.has(k)) return c.json(view(ref, r));
      if (r.state !== 'captured') return invalidState(c, '返金', r);
      if (!validAmount(amount, r.captured - r.refunded)) return invalidAmount(c);
      r.refunded += amount as number;
      if (r.refunded === r.captured) r.state = 'refunded';
      if (k) r.refunds.set(k, r.refunded);
      return c.json(view(ref, r));
    }),
  );

  app.post(
    '/charges/:ref/amount',
    on('amount', async (c, ref, r, ch) => {
      if (r.state !== 'authorized') return invalidState(c, '金額変更', r);
      const { amount } = await d.readJson(c);
      if (!validAmount(amount, MAX_AMOUNT)) return invalidAmount(c);
      if ((amount as number) > r.amount && ch.card.scenario === 'no_increase') {
        return c.json({ status: 'failed', code: 'increase_declined', message: '増額の与信が承認されませんでした。' }, 402);
      }
      r.amount = amount as number;
      return c.json(view(ref, r));
    }),
  );
}
