/**
 * GET /api/geo/ip: the caller's approximate position from an offline city database. Answers are kept in a
 * small LRU cache (an address's city does not change between requests), and `meta.cached` says so.
 */
import { isPrivateOrInvalid } from '../../../domain/client-ip.ts';

export interface IpLocation {
  latitude: number;
  longitude: number;
  city: string | null;
  country_code: string | null;
  timezone: string | null;
}

export interface IpLocator {
  /** Name reported in `meta.source`. */
  readonly name: string;
  lookup(ip: string): Promise<IpLocation | null>;
}

export type LocateResult =
  | {
      status: 'ok';
      latitude: number;
      longitude: number;
      city: string | null;
      country_code: string | null;
      meta: { source: string; cached: boolean };
    }
  | { status: 'private' }
  | { status: 'unknown' };

const CACHE_SIZE = 5000;

export function makeLocateIp(deps: { locator: IpLocator }) {
  // Map iteration order is insertion order: re-inserting on a hit makes the first key the least recent.
  const cache = new Map<string, IpLocation | null>();

  return async function locateIp(ip: string | null): Promise<LocateResult> {
    if (!ip || isPrivateOrInvalid(ip)) return { status: 'private' };
    let cached = true;
    let found = cache.get(ip);
    if (found === undefined) {
      cached = false;
      found = await deps.locator.lookup(ip);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    } else {
      cache.delete(ip);
    }
    cache.set(ip, found);
    if (!found) return { status: 'unknown' };
    return {
      status: 'ok',
      latitude: found.latitude,
      longitude: found.longitude,
      city: found.city,
      country_code: found.country_code,
      meta: { source: deps.locator.name, cached },
    };
  };
}
