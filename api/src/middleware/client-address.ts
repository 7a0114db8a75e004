/**
 * Who is asking: the client's address and whether the request came over HTTPS. Proxy headers
 * (X-Forwarded-For, X-Forwarded-Proto) are believed only when TRUST_PROXY says a proxy sits in
 * front: `1`/`true` trusts the nearest hop, `N` trusts N hops. Otherwise anyone could pick the
 * address their rate limit is counted on.
 */
import type { Context } from 'hono';

/** How many proxy hops TRUST_PROXY trusts (0 when unset, `0` or `false`). */
export function trustedHops(trustProxy: string | undefined): number {
  const value = (trustProxy ?? '').trim().toLowerCase();
  if (value === 'true') return 1;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Drops the IPv4-mapped IPv6 prefix so `::ffff:203.0.113.7` and `203.0.113.7` count as one client. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The client's address from the socket, or from X-Forwarded-For when TRUST_PROXY trusts N hops:
 * the N-th entry from the right (each trusted proxy appends the address it saw). Null when unknown.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: string | undefined): string | null {
  const hops = trustedHops(trustProxy);
  if (hops > 0 && forwardedFor) {
    const chain = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean);
    const entry = chain[Math.max(0, chain.length - hops)];
    if (entry) return plain(entry);
  }
  return socketAddress ? plain(socketAddress) : null;
}

/** The socket's remote address on @hono/node-server (its env carries Node's request); none in-process. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** The client address of a hono request, honouring TRUST_PROXY. */
export function clientAddress(c: Context, trustProxy: string | undefined): string | null {
  return resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustProxy);
}

/** Whether the request reached the shop over HTTPS (directly, or per X-Forwarded-Proto from a trusted proxy). */
export function isHttpsRequest(url: string, forwardedProto: string | undefined, trustProxy: string | undefined): boolean {
  if (url.startsWith('https:')) return true;
  return trustedHops(trustProxy) > 0 && forwardedProto?.split(',')[0].trim().toLowerCase() === 'https';
}
