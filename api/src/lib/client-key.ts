/**
 * Which "client" a per-client limit counts: an IPv4 address is one client, an IPv6 address counts
 * as its /64, since a single home or server is handed a whole /64 and could otherwise step through
 * 2^64 addresses, each with a fresh limit. An IPv4-mapped IPv6 address stays its IPv4 address.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The eight hextets of an IPv6 address (zone dropped, embedded IPv4 converted), or null if it is not one. */
function hextets(address: string): number[] | null {
  const plain = address.split('%')[0].toLowerCase();
  if (!plain.includes(':') || !/^[0-9a-f:.]+$/.test(plain)) return null;
  let text = plain;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (IPV4.test(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s ? s.split(':') : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const parts = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (parts.some((p) => !/^[0-9a-f]{1,4}$/.test(p))) return null;
  return parts.map((p) => parseInt(p, 16));
}

/**
 * The key a per-client limit counts `address` under: `2001:db8:1:2::/64` for any IPv6 address in
 * that /64, `203.0.113.7` for IPv4 and for `::ffff:203.0.113.7`; anything else unchanged.
 */
export function clientKeyOf(address: string): string {
  const h = hextets(address);
  if (!h) return address;
  const mapped = h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff;
  if (mapped) return [h[6] >> 8, h[6] & 255, h[7] >> 8, h[7] & 255].join('.');
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/**
 * A rate-limit key with the client address it names counted as its client: every per-client key
 * ends in `:ip:<address>` (account, auth, inquiry, upload, public-write limits), so one place maps them all.
 */
export function limitKeyOf(key: string): string {
  const at = key.indexOf(':ip:');
  return at < 0 ? key : `${key.slice(0, at + 4)}${clientKeyOf(key.slice(at + 4))}`;
}
