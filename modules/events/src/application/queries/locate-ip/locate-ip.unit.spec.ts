import { describe, expect, it } from 'vitest';
import { makeLocateIp, type IpLocation, type IpLocator } from './locate-ip.ts';

function countingLocator(known: Record<string, IpLocation>) {
  const asked: string[] = [];
  const locator: IpLocator = {
    name: 'test-db',
    lookup: async (ip) => {
      asked.push(ip);
      return known[ip] ?? null;
    },
  };
  return { locator, asked };
}

const LONDON: IpLocation = {
  latitude: 51.5,
  longitude: -0.12,
  city: 'London',
  country_code: 'GB',
  timezone: 'Europe/London',
};

describe('locating the caller by IP', () => {
  it('given a private or missing address, then nothing is looked up', async () => {
    const { locator, asked } = countingLocator({});
    const locate = makeLocateIp({ locator });
    expect(await locate('192.168.1.10')).toEqual({ status: 'private' });
    expect(await locate(null)).toEqual({ status: 'private' });
    expect(asked).toEqual([]);
  });

  it('given a public address twice, then the second answer comes from the cache and says so', async () => {
    const { locator, asked } = countingLocator({ '81.2.69.142': LONDON });
    const locate = makeLocateIp({ locator });
    expect(await locate('81.2.69.142')).toMatchObject({
      status: 'ok',
      latitude: 51.5,
      meta: { source: 'test-db', cached: false },
    });
    expect(await locate('81.2.69.142')).toMatchObject({ status: 'ok', meta: { source: 'test-db', cached: true } });
    expect(asked).toEqual(['81.2.69.142']);
  });

  it('given an address the database does not know, then it is unknown, and that answer is cached too', async () => {
    const { locator, asked } = countingLocator({});
    const locate = makeLocateIp({ locator });
    expect(await locate('8.8.4.4')).toEqual({ status: 'unknown' });
    expect(await locate('8.8.4.4')).toEqual({ status: 'unknown' });
    expect(asked).toEqual(['8.8.4.4']);
  });
});
