import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.js';

describe('addressGroup', () => {
  it('keeps IPv4 as it is, also IPv4-mapped IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::FFFF:127.0.0.2')).toBe('127.0.0.2');
  });

  it('groups IPv6 by its /64, however the address is written', () => {
    const group = '2001:db8:0:1::/64';
    expect(addressGroup('2001:db8:0:1::1')).toBe(group);
    expect(addressGroup('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(group);
    expect(addressGroup('2001:DB8:0:1:a:b:c:d')).toBe(group);
    expect(addressGroup('2001:db8:0:2::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64');
  });
});
