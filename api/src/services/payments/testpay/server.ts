/**
 * The built-in TEST payment provider: a small HTTP service on its own origin (its own port), as a
 * real card processor would be, so the card number goes from the shopper's browser straight to it
 * and never to the shop's origin (PCI DSS SAQ A, the METI カード情報非保持化 rule).
 *
 * Browser side (CORS only for the shop's origins):
 *   GET  /testpay.js          the tokenising script the card form loads
 *   POST /tokens              { key, number, expiry YYYYMM, code, name } → { id: "tok_…", card }
 *   GET  /3ds/{ref}           the 3-D Secure challenge (Japanese), POST /3ds/{ref} answers it and
 *                             redirects to the shop's return URL with a signed result
 * Server to server (Authorization: Bearer <secret key>):
 *   GET  /tokens/{token}      the card facts of a token (brand, last 4, expiry, name)
 *   POST /charges             { source: tok_… | card_…, amount, order_ref, return_url }
 *                             → authorized | requires_action (redirect_url) | failed
 *   POST /charges/{ref}/3ds   { result } → authorized | failed
 *   GET  /charges/{ref}, POST /charges/{ref}/capture, /void, /refund, /amount (charges.ts)
 *   POST /customers/cards     { token } → a reusable saved-card reference "card_…"
 * Tokens and references are HMAC-signed and stateless (signed.ts); only charge states (captured,
 * voided, refunded, the authorised amount) are kept in memory. Nothing here logs a request body.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { checkCard, THREE_DS_CODE } from './cards.ts';
import { chargeStore, MAX_AMOUNT, registerChargeChanges } from './charges.ts';
import { challengePage, invalidChallengePage, TESTPAY_SCRIPT } from './pages.ts';
import { type CardFacts, type ChargeBody, nonce, refDigest, sign, verify } from './signed.ts';

export interface TestProviderOptions {
  publicKey: string;
  secret: string;
  /** Shop origins allowed to call POST /tokens from a browser (CORS). */
  allowedOrigins: string[];
  /** How long a card token and a 3-D Secure challenge stay usable (ms). */
  tokenTtlMs?: number;
  /** A delay before each charge change answers (ms; tests widen race windows with it). */
  latencyMs?: number;
}

/** The provider as a hono app (served by startTestProvider, or called in-process). */
export function createTestProviderApp(opts: TestProviderOptions) {
  const ttl = opts.tokenTtlMs ?? 30 * 60_000;
  const origins = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));
  const states = chargeStore();
  const app = new Hono();

  const cors = (c: Context) => {
    const origin = c.req.header('origin');
    if (origin && origins.has(origin)) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
  };
  const authorized = (c: Context) => c.req.header('authorization') === `Bearer ${opts.secret}`;
  const denied = (c: Context) => c.json({ message: 'シークレットキーが正しくありません。', code: 'unauthorized' }, 401);
  const readJson = async (c: Context): Promise<Record<string, unknown>> => {
    try {
      const body = await c.req.json();
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const facts = (source: string): CardFacts | null => {
    const tok = verify(opts.secret, 'tok', source);
    if (tok && tok.key === opts.publicKey && Date.now() - tok.issued < ttl) return tok;
    const card = verify(opts.secret, 'card', source);
    return card && card.key === opts.publicKey ? card : null;
  };
  const summary = (f: CardFacts) => ({ brand: f.brand, last4: f.last4, expiry: f.expiry, name: f.name });
  const charge = (ref: string) => {
    const body = verify(opts.secret, 'ch', ref);
    return body && body.key === opts.publicKey ? body : null;
  };
  const authorizedAnswer = (ref: string, body: ChargeBody) => ({ status: 'authorized', ref, ...summary(body.card) });

  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });

  app.get('/testpay.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(TESTPAY_SCRIPT);
  });

  app.options('/tokens', (c) => {
    cors(c);
    c.header('Access-Control-Allow-Methods', 'POST');
    c.header('Access-Control-Allow-Headers', 'content-type');
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  });
  app.post('/tokens', async (c) => {
    cors(c);
    const body = await readJson(c);
    if (body.key !== opts.publicKey) return c.json({ message: '公開キーが正しくありません。', code: 'invalid_key', errors: {} }, 401);
    const card = {
      number: String(body.number ?? ''),
      expiry: String(body.expiry ?? ''),
      code: String(body.code ?? ''),
      name: String(body.name ?? ''),
    };
    const checked = checkCard(card);
    if (!checked.ok) return c.json({ message: 'カード情報に誤りがあります。', code: 'invalid_card', errors: checked.errors }, 422);
    const f: CardFacts = {
      brand: checked.brand,
      last4: checked.digits.slice(-4),
      expiry: card.expiry,
      name: card.name.trim().toUpperCase(),
      scenario: checked.scenario,
    };
    const id = sign(opts.secret, { kind: 'tok', key: opts.publicKey, issued: Date.now(), nonce: nonce(), ...f });
    return c.json({ id, card: summary(f) }, 201);
  });
  app.get('/tokens/:token', (c) => {
    if (!authorized(c)) return denied(c);
    const f = facts(c.req.param('token'));
    return f ? c.json(summary(f)) : c.json({ message: 'カード情報の有効期限が切れています。', code: 'invalid_token' }, 404);
  });

  app.post('/customers/cards', async (c) => {
    if (!authorized(c)) return denied(c);
    const { token } = await readJson(c);
    const tok = typeof token === 'string' ? verify(opts.secret, 'tok', token) : null;
    if (!tok || tok.key !== opts.publicKey || Date.now() - tok.issued >= ttl) {
      return c.json({ message: 'カード情報の有効期限が切れています。もう一度入力してください。', code: 'invalid_token' }, 422);
    }
    const { brand, last4, expiry, name, scenario } = tok;
    const ref = sign(opts.secret, { kind: 'card', key: opts.publicKey, nonce: nonce(), brand, last4, expiry, name, scenario });
    return c.json({ ref, ...summary(tok) }, 201);
  });

  app.post('/charges', async (c) => {
    if (!authorized(c)) return denied(c);
    const body = await readJson(c);
    const source = typeof body.source === 'string' ? facts(body.source) : null;
    const amount = Number(body.amount);
    const returnUrl = String(body.return_url ?? '');
    if (!source)
      return c.json({ status: 'failed', code: 'invalid_token', message: 'カード情報の有効期限が切れています。もう一度入力してください。' });
    if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
      return c.json({ message: '金額が正しくありません。', code: 'invalid_amount' }, 422);
    if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol))
      return c.json({ message: '戻り先URLが正しくありません。', code: 'invalid_return_url' }, 422);
    if (source.scenario === 'decline') {
      return c.json({ status: 'failed', code: 'card_declined', message: 'カード会社により決済が承認されませんでした。' });
    }
    const ref = sign(opts.secret, {
      kind: 'ch',
      key: opts.publicKey,
      amount,
      order_ref: String(body.order_ref ?? '').slice(0, 100),
      return_url: returnUrl,
      issued: Date.now(),
      nonce: nonce(),
      card: { brand: source.brand, last4: source.last4, expiry: source.expiry, name: source.name, scenario: source.scenario },
    });
    if (source.scenario === '3ds') {
      states.set(ref, 'requires_action', amount);
      return c.json({ status: 'requires_action', ref, redirect_url: new URL(`/3ds/${ref}`, c.req.url).toString(), ...summary(source) });
    }
    states.set(ref, 'authorized', amount);
    return c.json({ status: 'authorized', ref, ...summary(source) });
  });

  app.post('/charges/:ref/3ds', async (c) => {
    if (!authorized(c)) return denied(c);
    const ref = c.req.param('ref');
    const ch = charge(ref);
    if (ch?.card.scenario !== '3ds') return c.json({ message: '取引が見つかりません。', code: 'not_found' }, 404);
    const state = states.stateOf(ref);
    if (state && state !== 'requires_action') {
      return state === 'failed'
        ? c.json({ status: 'failed', code: '3ds_failed', message: '本人認証に失敗しました。' })
        : c.json({ ...authorizedAnswer(ref, ch), status: state });
    }
    const { result } = await readJson(c);
    const r = typeof result === 'string' ? verify(opts.secret, 'tdsr', result) : null;
    if (!r || r.ref_digest !== refDigest(ref) || Date.now() - ch.issued >= ttl) {
      return c.json({ status: 'failed', code: '3ds_invalid', message: '本人認証の結果を確認できませんでした。' });
    }
    if (r.outcome !== 'success') {
      states.set(ref, 'failed', ch.amount);
      return c.json({ status: 'failed', code: '3ds_failed', message: '本人認証に失敗しました。' });
    }
    states.set(ref, 'authorized', ch.amount);
    return c.json(authorizedAnswer(ref, ch));
  });

  registerChargeChanges(app, { store: states, charge, authorized, denied, readJson, latencyMs: opts.latencyMs });

  app.get('/3ds/:ref', (c) => challenge(c));
  app.post('/3ds/:ref', async (c) => {
    const ref = c.req.param('ref');
    const ch = charge(ref);
    if (ch?.card.scenario !== '3ds' || Date.now() - ch.issued >= ttl) return c.html(invalidChallengePage, 404);
    const form = await c.req.parseBody();
    const cancelled = form.action === 'cancel';
    if (!cancelled && form.code !== THREE_DS_CODE) return challenge(c, '認証コードが正しくありません。もう一度入力してください。');
    const result = sign(opts.secret, {
      kind: 'tdsr',
      ref_digest: refDigest(ref),
      outcome: cancelled ? 'failed' : 'success',
      issued: Date.now(),
    });
    const back = new URL(ch.return_url);
    back.searchParams.set('payment_ref', ref);
    back.searchParams.set('payment_result', result);
    return c.redirect(back.toString(), 303);
  });

  function challenge(c: Context, error?: string) {
    const ref = c.req.param('ref') ?? '';
    const ch = charge(ref);
    if (ch?.card.scenario !== '3ds' || Date.now() - ch.issued >= ttl) return c.html(invalidChallengePage, 404);
    // The form posts here, then redirects to the shop: form-action allows exactly those two origins.
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(ch.return_url).origin}; frame-ancestors 'none'; base-uri 'none'`,
    );
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(
      challengePage({ action: `/3ds/${ref}`, amount: ch.amount, brand: ch.card.brand, last4: ch.card.last4, code: THREE_DS_CODE, error }),
      error ? 422 : 200,
    );
  }

  app.notFound((c) => c.json({ message: 'お探しのページが見つかりませんでした。', code: 'not_found' }, 404));
  return app;
}

export interface RunningTestProvider {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** Serves the test provider on `port` (0: any free port); `url` is its origin as browsers reach it. */
export async function startTestProvider(
  opts: TestProviderOptions & { port?: number; host?: string; publicHost?: string },
): Promise<RunningTestProvider> {
  const app = createTestProviderApp(opts);
  const server = await new Promise<Server>((resolvePromise, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: opts.host }, () => resolvePromise(s as Server));
    (s as Server).once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.publicHost ?? 'localhost'}:${port}`,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}
