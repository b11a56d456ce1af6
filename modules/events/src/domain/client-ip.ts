/**
 * Which address a request really comes from. `X-Forwarded-For` is believed only when the connection itself
 * comes from a configured proxy; the chain is then walked from the right, skipping our own proxies, and the
 * first address that is not one of them is the client. Anyone can write the header, so from anywhere else
 * it is ignored.
 */
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
PRIVATE.addSubnet('0.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('224.0.0.0', 3, 'ipv4');
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** `::ffff:1.2.3.4` is an IPv4 client on a dual-stack socket. */
export function normaliseIp(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export function isPrivateOrInvalid(address: string): boolean {
  const ip = normaliseIp(address);
  const family = isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export function clientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string | null {
  if (!remoteAddress) return null;
  const trusted = new Set(trustedProxies.map(normaliseIp));
  const remote = normaliseIp(remoteAddress);
  if (!forwardedFor || !trusted.has(remote)) return remote;
  const chain = forwardedFor
    .split(',')
    .map((part) => normaliseIp(part))
    .filter((part) => part !== '');
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i] as string;
    if (!trusted.has(hop)) return isIP(hop) ? hop : null;
  }
  return remote;
}
