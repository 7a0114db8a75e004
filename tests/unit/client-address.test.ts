/**
 * TRUSTED_PROXIES (api/src/middleware/client-address.ts): forwarded headers count only from a listed
 * socket peer; the client is the rightmost X-Forwarded-For entry that is not a listed proxy.
 */
import { describe, expect, it } from 'vitest';
import { isHttpsRequest, resolveClientAddress, trustedPeer, trustedProxiesOf } from '../../api/src/middleware/client-address.ts';

describe('TRUSTED_PROXIES', () => {
  it('believes nobody by default', () => {
    expect(trustedPeer('127.0.0.1', '')).toBe(false);
    expect(resolveClientAddress('127.0.0.1', '203.0.113.7', undefined)).toBe('127.0.0.1');
    expect(isHttpsRequest('http://x/', 'https', '127.0.0.1', '')).toBe(false);
  });

  it('believes a listed peer (addresses and CIDR ranges, IPv4-mapped too)', () => {
    const list = '127.0.0.1, ::1, 10.0.0.0/8';
    expect(trustedPeer('::ffff:127.0.0.1', list)).toBe(true);
    expect(trustedPeer('::1', list)).toBe(true);
    expect(trustedPeer('10.2.3.4', list)).toBe(true);
    expect(trustedPeer('203.0.113.1', list)).toBe(false);
    expect(resolveClientAddress('127.0.0.1', '203.0.113.7', list)).toBe('203.0.113.7');
    expect(isHttpsRequest('http://x/', 'https', '10.9.9.9', list)).toBe(true);
    expect(isHttpsRequest('http://x/', 'https', '198.51.100.1', list)).toBe(false);
  });

  it('takes the rightmost entry that is not a trusted proxy, so a client cannot pick its own', () => {
    const list = '127.0.0.1, 10.0.0.0/8';
    // The client sent "198.51.100.9"; nginx appended nothing (it overwrites), a second proxy 10.1.1.1 did.
    expect(resolveClientAddress('127.0.0.1', '198.51.100.9, 203.0.113.7, 10.1.1.1', list)).toBe('203.0.113.7');
    expect(resolveClientAddress('127.0.0.1', '10.1.1.1, 10.1.1.2', list)).toBe('10.1.1.1');
    // An unlisted peer's header is ignored.
    expect(resolveClientAddress('203.0.113.50', '198.51.100.9', list)).toBe('203.0.113.50');
  });

  it('refuses a bad entry, naming the variable', () => {
    expect(() => trustedProxiesOf('127.0.0.1, nginx')).toThrow(/TRUSTED_PROXIES/);
  });
});
