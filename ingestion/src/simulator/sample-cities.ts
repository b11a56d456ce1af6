/** Real cities with their coordinates, time zones, currencies and a few of their real venues, for sample feeds. */
import citiesJson from './sample-cities.json' with { type: 'json' };

export interface SampleCity {
  name: string;
  countryCode: string;
  country: string;
  lat: number;
  lon: number;
  timeZone: string;
  currency: string;
  venues: Array<{ name: string; address: string }>;
}

export const SAMPLE_CITIES: readonly SampleCity[] = citiesJson;
