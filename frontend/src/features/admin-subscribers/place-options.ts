/**
 * The countries and cities the catalogue has events in (the home page's Country and City lists), offered as
 * suggestions where an admin sets a subscription's place: a city the catalogue does not know has no centre
 * to search around, so its digest would stay empty. Suggestions only; any place may still be typed.
 */
import { api } from '../../app/api.ts';

export interface PlaceOptions {
  countries: string[];
  citiesByCountry: Record<string, string[]>;
  cities: string[];
}

const NO_PLACES: PlaceOptions = { countries: [], citiesByCountry: {}, cities: [] };

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];

export function toPlaceOptions(raw: unknown): PlaceOptions {
  if (typeof raw !== 'object' || raw === null) return NO_PLACES;
  const body = raw as Record<string, unknown>;
  const byCountry: Record<string, string[]> = {};
  if (typeof body.citiesByCountry === 'object' && body.citiesByCountry !== null) {
    for (const [country, cities] of Object.entries(body.citiesByCountry)) byCountry[country] = texts(cities);
  }
  return { countries: texts(body.countries), citiesByCountry: byCountry, cities: texts(body.cities) };
}

const placeOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscriberPlaceOptions: build.query<PlaceOptions, void>({
      query: () => '/events/filters',
      transformResponse: toPlaceOptions,
      providesTags: ['EventFilters'],
    }),
  }),
});

/** The catalogue's places; empty while loading or when the call fails (the fields still take any text). */
export function usePlaceOptions(): PlaceOptions {
  return placeOptionsApi.useSubscriberPlaceOptionsQuery().data ?? NO_PLACES;
}

/** The cities to suggest for a country as typed (case aside), or every city when it names none we know. */
export function citiesFor(options: PlaceOptions, country: string): string[] {
  const typed = country.trim().toLocaleLowerCase();
  const known = Object.keys(options.citiesByCountry).find((name) => name.toLocaleLowerCase() === typed);
  return known ? options.citiesByCountry[known]! : options.cities;
}
