/**
 * With `TRUSTED_PROXIES` above 0 the client address comes from `X-Forwarded-For`, which any client that reaches
 * the app directly, around the proxy, writes as it likes: one new address per guess, and every per-address
 * limit (the admin password's pace, the public forms' limits) is gone. Behind a proxy the app should listen
 * only where the proxy reaches it: loopback, or a private network (a container network, a VPC).
 *
 * This finds the public addresses a listener is reachable on, from its bind address and, for a wildcard bind,
 * this machine's interfaces, so the process can warn once at start. Traffic that arrives without
 * `X-Forwarded-For` is warned about separately, when it shows (forwarded-headers.ts).
 */
import { networkInterfaces } from 'node:os';
import { isPrivateAddress } from '@evently/platform';

type Interfaces = ReturnType<typeof networkInterfaces>;

/** The public addresses a server bound to `host` answers on; empty when it listens on private ones only. */
export function publicListenAddresses(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (host === 'localhost') return [];
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  if (!wildcard) return isPrivateAddress(host) ? [] : [host];
  // `::` also accepts IPv4 on dual-stack systems; `0.0.0.0` only IPv4.
  const families = host === '0.0.0.0' ? new Set(['IPv4']) : new Set(['IPv4', 'IPv6']);
  return Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => families.has(entry.family) && !isPrivateAddress(entry.address))
    .map((entry) => entry.address);
}

/** The start-up warning's text, or undefined when there is nothing to warn about. */
export function proxyExposureWarning(
  trustedProxies: number,
  host: string,
  interfaces?: Interfaces,
): { addresses: string[]; message: string } | undefined {
  if (trustedProxies === 0) return undefined;
  const addresses = publicListenAddresses(host, interfaces);
  if (addresses.length === 0) return undefined;
  return {
    addresses,
    message:
      'TRUSTED_PROXIES is set but the api listens on a public address: a client reaching it directly can send any X-Forwarded-For and get past every per-address limit; set HOST to the private address the proxy uses, or firewall the port so only the proxy reaches it',
  };
}
