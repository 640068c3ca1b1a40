import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.js';

describe('isPublicAddress', () => {
  it('refuses this machine, private networks and cloud metadata', () => {
    for (const ip of [
      '127.0.0.1',
      '127.9.9.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1%eth0',
      '[::1]',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('sees through IPv6 forms that carry a private IPv4 address', () => {
    for (const ip of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:0101::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('accepts public addresses, and nothing that is not an address', () => {
    for (const ip of [
      '142.250.74.206',
      '172.32.0.1',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});
