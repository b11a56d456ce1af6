import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { proxyExposureWarning, publicListenAddresses } from './proxy-exposure.ts';

type Interfaces = ReturnType<typeof networkInterfaces>;
const entry = (address: string, family: 'IPv4' | 'IPv6') =>
  ({
    address,
    family,
    internal: address === '127.0.0.1' || address === '::1',
    netmask: '',
    mac: '',
    cidr: null,
  }) as unknown as NonNullable<Interfaces[string]>[number];

const container: Interfaces = {
  lo: [entry('127.0.0.1', 'IPv4'), entry('::1', 'IPv6')],
  eth0: [entry('172.18.0.5', 'IPv4'), entry('fe80::42:acff:fe12:5', 'IPv6')],
};
const server: Interfaces = {
  lo: [entry('127.0.0.1', 'IPv4')],
  eth0: [entry('203.0.113.20', 'IPv4'), entry('2001:db8::20', 'IPv6')],
};

describe('where a listener can be reached from', () => {
  it('names a public host as itself and a private or loopback one not at all', () => {
    expect(publicListenAddresses('203.0.113.20', server)).toEqual(['203.0.113.20']);
    expect(publicListenAddresses('my-host.example', server)).toEqual(['my-host.example']);
    expect(
      ['127.0.0.1', '10.1.2.3', '::1', 'fd00::1', '::ffff:10.0.0.1'].flatMap((host) =>
        publicListenAddresses(host, server),
      ),
    ).toEqual([]);
  });

  it('reads a wildcard bind through the machine’s interfaces, and a named host as itself', () => {
    expect(publicListenAddresses('0.0.0.0', container)).toEqual([]);
    expect(publicListenAddresses('0.0.0.0', server)).toEqual(['203.0.113.20']);
    expect(publicListenAddresses('::', server)).toEqual(['203.0.113.20', '2001:db8::20']);
    expect(publicListenAddresses('127.0.0.1', server)).toEqual([]);
    expect(publicListenAddresses('localhost', server)).toEqual([]);
    expect(publicListenAddresses('10.0.0.4', server)).toEqual([]);
    expect(publicListenAddresses('203.0.113.20', container)).toEqual(['203.0.113.20']);
  });

  it('warns only when proxies are trusted and the listener is public', () => {
    expect(proxyExposureWarning(0, '0.0.0.0', server)).toBeUndefined();
    expect(proxyExposureWarning(1, '0.0.0.0', container)).toBeUndefined();
    expect(proxyExposureWarning(1, '0.0.0.0', server)).toMatchObject({
      addresses: ['203.0.113.20'],
      message: expect.stringMatching(/^TRUSTED_PROXIES is set but the api listens on a public address/),
    });
  });
});
