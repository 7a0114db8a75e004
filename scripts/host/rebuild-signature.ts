/**
 * The rebuild webhook's signature: HMAC-SHA256 with REBUILD_SECRET over `<timestamp>.<raw body>`,
 * sent as `X-Shop-Signature: t=<unix seconds>,v1=<hex>`. The timestamp must be within 5 minutes of
 * the server's clock (a captured request cannot be replayed later) and the comparison is
 * constant-time (the signature cannot be guessed byte by byte from response times).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-shop-signature';
/** How far the signed timestamp may be from now, either way. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value for a body signed now (or at `now`, in seconds). */
export function signRebuildRequest(secret: string, body: string, now = Math.floor(Date.now() / 1000)): string {
  return `t=${now},v1=${digest(secret, now, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

/** Checks a signature header against the raw body. */
export function verifyRebuildSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) return { ok: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  const given = Buffer.from(match[2], 'hex');
  return timingSafeEqual(expected, given) ? { ok: true } : { ok: false, reason: 'mismatch' };
}
