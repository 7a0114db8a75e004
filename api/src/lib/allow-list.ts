/**
 * Client addresses let through the maintenance switch (MAINTENANCE_ALLOW): a comma-separated list of
 * IPv4/IPv6 addresses and CIDR ranges ("203.0.113.7, 198.51.100.0/24, 2001:db8::/32"). Empty by
 * default: not even loopback passes, since behind a proxy on the same machine every request comes
 * from loopback. Matching uses node:net's BlockList; the address is the one the rate limits use
 * (middleware/client-address.ts, TRUSTED_PROXIES rules). TRUSTED_PROXIES uses the same syntax.
 */
import { BlockList, isIP } from 'node:net';

export interface AllowList {
  /** The entries as given (for the log and the docs). */
  entries: string[];
  /** Whether `address` (null: unknown) is on the list. */
  allows(address: string | null): boolean;
}

/** Parses MAINTENANCE_ALLOW; `error` names the first entry that is neither an address nor a CIDR range. */
export function parseAllowList(text: string | undefined): { list: AllowList } | { error: string } {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const blocks = new BlockList();
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return { error: `"${entry}" is not an IP address or CIDR range` };
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      blocks.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return { error: `"${entry}" has a bad prefix length` };
    blocks.addSubnet(address, bits, type);
  }
  return {
    list: {
      entries,
      allows(candidate) {
        if (!entries.length || !candidate) return false;
        const family = isIP(candidate);
        return family !== 0 && blocks.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
      },
    },
  };
}

/** Parses MAINTENANCE_ALLOW or throws with the variable's name (start-up check). */
export function allowListOf(text: string | undefined): AllowList {
  const parsed = parseAllowList(text);
  if ('error' in parsed) throw new Error(`Invalid MAINTENANCE_ALLOW: ${parsed.error}`);
  return parsed.list;
}
