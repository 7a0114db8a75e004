/**
 * Who is asking: the client's address and whether the request came over HTTPS. Proxy headers
 * (X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host) are believed only when the socket peer is
 * one of TRUSTED_PROXIES (comma-separated addresses and CIDR ranges, parsed by lib/allow-list.ts;
 * empty by default: believe none). nginx in front overwrites those headers with what it saw, so a
 * client can neither pick the address its rate limit is counted on nor claim HTTPS it did not use.
 */
import type { Context } from 'hono';
import { type AllowList, parseAllowList } from '../lib/allow-list.ts';

/** Drops the IPv4-mapped IPv6 prefix so `::ffff:203.0.113.7` and `203.0.113.7` count as one client. */
const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

const parsed = new Map<string, AllowList>();

/** TRUSTED_PROXIES as an allow-list (parsed once per distinct value); a bad entry throws naming the variable. */
export function trustedProxiesOf(text: string | undefined): AllowList {
  const key = text ?? '';
  let list = parsed.get(key);
  if (!list) {
    const result = parseAllowList(key);
    if ('error' in result) throw new Error(`Invalid TRUSTED_PROXIES: ${result.error}`);
    list = result.list;
    parsed.set(key, list);
  }
  return list;
}

/** Whether the socket peer `address` is a proxy listed in TRUSTED_PROXIES. */
export function trustedPeer(address: string | undefined | null, trustedProxies: string | undefined): boolean {
  return !!address && trustedProxiesOf(trustedProxies).allows(plain(address));
}

/**
 * The client's address: the socket peer's, unless that peer is a trusted proxy; then the rightmost
 * X-Forwarded-For entry that is not itself a trusted proxy (the leftmost when all are). Null when unknown.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: string | undefined,
): string | null {
  if (forwardedFor && trustedPeer(socketAddress, trustedProxies)) {
    const chain = forwardedFor
      .split(',')
      .map((s) => plain(s))
      .filter(Boolean);
    const list = trustedProxiesOf(trustedProxies);
    const client = [...chain].reverse().find((entry) => !list.allows(entry)) ?? chain[0];
    if (client) return client;
  }
  return socketAddress ? plain(socketAddress) : null;
}

/** The socket's remote address on @hono/node-server (its env carries Node's request); none in-process. */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** The client address of a hono request, honouring TRUSTED_PROXIES. */
export function clientAddress(c: Context, trustedProxies: string | undefined): string | null {
  return resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustedProxies);
}

/**
 * Whether the request reached the shop over HTTPS: directly (`url` starts with https:), or per
 * X-Forwarded-Proto when the socket peer is a trusted proxy.
 */
export function isHttpsRequest(
  url: string,
  forwardedProto: string | undefined,
  peer: string | undefined,
  trustedProxies: string | undefined,
): boolean {
  if (url.startsWith('https:')) return true;
  return trustedPeer(peer, trustedProxies) && forwardedProto?.split(',')[0].trim().toLowerCase() === 'https';
}

/** isHttpsRequest for a hono request. */
export function isHttpsContext(c: Context, trustedProxies: string | undefined): boolean {
  return isHttpsRequest(c.req.url, c.req.header('x-forwarded-proto'), socketAddress(c), trustedProxies);
}
