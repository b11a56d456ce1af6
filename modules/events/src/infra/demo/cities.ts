/**
 * Real cities with public-knowledge centre coordinates (WGS84, 4 decimals), their IANA zone and local
 * currency. Used by the demo catalogue and as the first answer of `cityCoordinates`.
 */
import citiesJson from './cities.json' with { type: 'json' };

export interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
}

export const CITIES: readonly City[] = citiesJson;

export function findCity(name: string, country?: string | null): City | null {
  const wanted = name.trim().toLowerCase();
  const wantedCountry = country?.trim().toLowerCase();
  return (
    CITIES.find(
      (c) => c.name.toLowerCase() === wanted && (!wantedCountry || c.country.toLowerCase() === wantedCountry),
    ) ?? null
  );
}
