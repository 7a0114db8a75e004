/** Issue 21 §11: an IPv6 /64 is one client for every per-client limit (api/src/lib/client-key.ts). */
import { describe, expect, it } from 'vitest';
import { clientKeyOf, limitKeyOf } from '../../api/src/lib/client-key.ts';

describe('the client a per-client limit counts', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    for (const a of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::10%eth0',
      '2001:db8:1:2::1.2.3.4',
    ]) {
      expect(clientKeyOf(a), a).toBe('2001:db8:1:2::/64');
    }
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('is the IPv4 address itself, also when IPv4-mapped', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything that is not an address alone', () => {
    for (const a of ['unknown', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', '']) expect(clientKeyOf(a)).toBe(a);
  });

  it('maps the address of every `…:ip:<address>` key and no other key', () => {
    expect(limitKeyOf('login:ip:2001:db8:1:2::99')).toBe('login:ip:2001:db8:1:2::/64');
    expect(limitKeyOf('public-write:POST /ecommerce_events:ip:2001:db8::1')).toBe(
      'public-write:POST /ecommerce_events:ip:2001:db8:0:0::/64',
    );
    expect(limitKeyOf('login:account:default:a:b')).toBe('login:account:default:a:b');
  });
});
