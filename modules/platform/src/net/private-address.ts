/**
 * Which addresses are not on the public internet: the one list both the client-address lookup (a private
 * address has no place to locate) and the api's start-up check (a listener only a private network reaches)
 * read, so the two never disagree about a range.
 *
 * Documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) are left out on
 * purpose: examples and specs use them to stand for public addresses.
 */
import { BlockList, isIP } from 'node:net';

const NON_PUBLIC_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking networks
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

const NON_PUBLIC_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_IPV6) NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * True for an IP address in a range the public internet does not route to this machine: private (RFC 1918,
 * unique local), loopback, link-local, carrier-grade NAT, unspecified, multicast and reserved. An IPv4 client
 * on a dual-stack socket (`::ffff:10.0.0.1`, also written `::ffff:a00:1`) is judged by its IPv4 address.
 * False for anything that is not an IP address, so callers decide what a name or garbage means to them.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
