/**
 * Which address a request really comes from. `X-Forwarded-For` is believed only when the connection itself
 * comes from a configured proxy; the chain is then walked from the right, skipping our own proxies, and the
 * first address that is not one of them is the client. Anyone can write the header, so from anywhere else
 * it is ignored.
 */
import { isIP } from 'node:net';
import { isPrivateAddress } from '@evently/platform';

/** `::ffff:1.2.3.4` is an IPv4 client on a dual-stack socket. */
export function normaliseIp(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** Nothing to locate: a private, loopback or reserved address, or no address at all. */
export function isPrivateOrInvalid(address: string): boolean {
  const ip = normaliseIp(address);
  return isIP(ip) === 0 || isPrivateAddress(ip);
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
