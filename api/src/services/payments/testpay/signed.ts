/**
 * The test provider's stateless, signed values: card tokens (`tok_…`), saved-card references
 * (`card_…`), charge references (`ch_…`) and 3-D Secure results (`tdsr_…`). Each is a prefix,
 * base64url JSON and an HMAC-SHA256 of both under the merchant's secret, so the provider keeps no
 * table and survives a restart; none of them ever holds a card number (only brand, last 4, expiry).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type Brand = 'visa' | 'mastercard' | 'jcb' | 'amex' | 'diners' | 'unknown';
/**
 * What the test card asks the provider to do: succeed, decline, ask for 3-D Secure first, or
 * authorise but decline any later increase of the amount (a 金額変更 upwards).
 */
export type Scenario = 'success' | 'decline' | '3ds' | 'no_increase';

/** Card facts a token or saved card carries: never the number. */
export interface CardFacts {
  brand: Brand;
  last4: string;
  expiry: string;
  name: string;
  scenario: Scenario;
}

export interface TokenBody extends CardFacts {
  kind: 'tok';
  key: string;
  issued: number;
  nonce: string;
}
export interface SavedCardBody extends CardFacts {
  kind: 'card';
  key: string;
  nonce: string;
}
export interface ChargeBody {
  kind: 'ch';
  key: string;
  amount: number;
  order_ref: string;
  return_url: string;
  issued: number;
  nonce: string;
  card: CardFacts;
}
export interface ThreeDsResultBody {
  kind: 'tdsr';
  ref_digest: string;
  outcome: 'success' | 'failed';
  issued: number;
}

type Body = TokenBody | SavedCardBody | ChargeBody | ThreeDsResultBody;
const PREFIX: Record<Body['kind'], string> = { tok: 'tok_', card: 'card_', ch: 'ch_', tdsr: 'tdsr_' };

const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** A random nonce, so two tokens of the same card never look alike. */
export const nonce = () => randomBytes(9).toString('base64url');

/** `prefix + payload + "." + signature`. */
export function sign(secret: string, body: Body): string {
  const payload = `${PREFIX[body.kind]}${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The body of a value this provider signed, of the kind asked for; null when forged, altered or another kind. */
export function verify<K extends Body['kind']>(secret: string, kind: K, value: string): Extract<Body, { kind: K }> | null {
  if (typeof value !== 'string' || value.length > 4000 || !value.startsWith(PREFIX[kind])) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload.slice(PREFIX[kind].length), 'base64url').toString('utf8')) as Body;
    return body.kind === kind ? (body as Extract<Body, { kind: K }>) : null;
  } catch {
    return null;
  }
}

/** A short digest of a charge reference, so a 3-D Secure result is bound to its charge. */
export const refDigest = (ref: string) => createHmac('sha256', 'ref').update(ref).digest('base64url').slice(0, 22);

/** The header value a provider callback carries: `t=<unix seconds>,v1=<hex HMAC of "t.body">`. */
export function callbackSignature(secret: string, rawBody: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex')}`;
}

/**
 * The hex signature of `header` when it signs `rawBody` under `secret` and is at most
 * `toleranceSeconds` old (either way, for clock skew); null otherwise.
 */
export function verifyCallbackSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  toleranceSeconds = 300,
): string | null {
  if (!header) return null;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const at = Number(parts.t);
  if (!Number.isInteger(at) || Math.abs(Date.now() / 1000 - at) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex'));
  return timingSafeEqual(Buffer.from(parts.v1), expected) ? parts.v1 : null;
}

/** A callback as the test provider sends it: a body with a fresh event id (`evt_…`) and its signature header. */
export function signedCallback(
  secret: string,
  event: { type: string; ref: string; result: string; reason?: string },
): { body: string; signature: string } {
  const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('base64url')}`, ...event });
  return { body, signature: callbackSignature(secret, body) };
}
