import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address.ts';

describe('private addresses', () => {
  it.each([
    ['0.0.0.0', 'the unspecified IPv4 address'],
    ['10.1.2.3', 'RFC 1918 10/8'],
    ['172.16.0.1', 'RFC 1918 172.16/12, first block'],
    ['172.31.255.254', 'RFC 1918 172.16/12, last block'],
    ['192.168.1.9', 'RFC 1918 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback beyond .0.0.1'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT, first'],
    ['100.127.255.254', 'carrier-grade NAT, last'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'the unspecified IPv6 address'],
    ['::1', 'IPv6 loopback'],
    ['fd00::1', 'unique local'],
    ['fc00::1', 'unique local, fc half'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'an IPv4-mapped private address'],
    ['::ffff:7f00:1', 'an IPv4-mapped loopback in hex'],
  ])('given %s (%s), then it is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '81.2.69.142',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '203.0.113.20',
    '2001:4860:4860::8888',
    '2001:db8::1',
    '::ffff:8.8.8.8',
  ])('given %s, then it is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each(['not-an-ip', '', 'localhost', '10.0.0', '[::1]'])(
    'given %j, which is no IP address, then it is not called private',
    (text) => {
      expect(isPrivateAddress(text)).toBe(false);
    },
  );
});
