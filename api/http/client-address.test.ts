import { describe, expect, test } from 'bun:test';
import { addressKey, clientAddress } from './client-address.ts';

describe('client address for the sign-in limits', () => {
  test('IPv4 as itself, IPv4-mapped IPv6 as IPv4, IPv6 by its /64, anything else as unknown', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    for (const junk of ['', 'localhost', '1.2.3.256', '1::2::3', '<script>', undefined, null])
      expect(addressKey(junk)).toBe('unknown');
  });

  test('X-Forwarded-For counts only behind trusted proxies, read from the right', () => {
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 1)).toBe('2.2.2.2');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 2)).toBe('1.1.1.1');
    expect(clientAddress('10.0.0.1', '2.2.2.2', 3)).toBe('2.2.2.2');
    expect(clientAddress('10.0.0.1', 'not an address', 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', null, 1)).toBe('10.0.0.1');
  });
});
