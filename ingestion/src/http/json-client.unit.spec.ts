import { describe, expect, it } from 'vitest';
import { faultMessage, parseResetHeader } from './json-client.ts';

describe('parseResetHeader', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('reads epoch milliseconds (Ticketmaster), epoch seconds, delta seconds and HTTP dates', () => {
    expect(parseResetHeader('1795348800500', now)).toBe(1795348800500);
    expect(parseResetHeader('1795348800', now)).toBe(1795348800000);
    expect(parseResetHeader('30', now)).toBe(now + 30_000);
    expect(parseResetHeader('Sat, 21 Nov 2026 12:01:00 GMT', now)).toBe(now + 60_000);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseResetHeader(null, now)).toBeNull();
    expect(parseResetHeader('soon', now)).toBeNull();
  });
});

describe('faultMessage', () => {
  it("prefers Apigee's fault.faultstring, then message or error, then the status", () => {
    expect(
      faultMessage('{"fault":{"faultstring":"Invalid ApiKey","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}', 401),
    ).toBe('Invalid ApiKey');
    expect(faultMessage('{"message":"Invalid partner token"}', 401)).toBe('Invalid partner token');
    expect(faultMessage('<html>Unauthorized</html>', 401)).toBe('HTTP 401');
  });
});
