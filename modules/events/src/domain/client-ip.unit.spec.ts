import { describe, expect, it } from 'vitest';
import { clientIp, isPrivateOrInvalid } from './client-ip.ts';

describe('client address', () => {
  it('given a connection from a stranger with X-Forwarded-For, then the header is ignored', () => {
    expect(clientIp('203.0.113.9', '8.8.8.8', ['10.0.0.1'])).toBe('203.0.113.9');
  });

  it('given a connection from our proxy, then the nearest address that is not ours is the client', () => {
    expect(clientIp('10.0.0.1', '1.2.3.4, 8.8.8.8, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('8.8.8.8');
  });

  it('given a dual-stack socket address, then the IPv4 form is used', () => {
    expect(clientIp('::ffff:127.0.0.1', '8.8.8.8', ['127.0.0.1'])).toBe('8.8.8.8');
  });

  it('given garbage in the header from our proxy, then there is no client address', () => {
    expect(clientIp('10.0.0.1', 'not-an-ip', ['10.0.0.1'])).toBeNull();
  });

  it.each(['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '::1', 'fe80::1', 'fd00::1', 'nonsense'])(
    'given %s, then it is private or invalid',
    (ip) => {
      expect(isPrivateOrInvalid(ip)).toBe(true);
    },
  );

  it.each(['8.8.8.8', '81.2.69.142', '2001:4860:4860::8888'])('given %s, then it is public', (ip) => {
    expect(isPrivateOrInvalid(ip)).toBe(false);
  });
});
