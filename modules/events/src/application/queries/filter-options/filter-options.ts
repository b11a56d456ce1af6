/**
 * GET /api/events/filters: choices for the filter panel from the upcoming catalogue. Lists hold
 * only non-empty strings (spec 01 §3). Price ranges are fixed USD buckets, listed when some event falls in
 * them. The answer is cached briefly: it scans facets over the whole catalogue and changes slowly.
 */
import type { Clock, FilterClause, SearchIndex } from '@evently/platform';
import type { FilterOptions } from '../../../contracts/answers.ts';
import { CATEGORIES } from '../../../contracts/categories.ts';
import { upcomingCutoff } from '../upcoming-cutoff.ts';
import { COUNTRY_CITY_SEPARATOR, EVENTS_INDEX } from '../../projections/events-index.ts';

export type { FilterOptions };

/** USD buckets; `max` is inclusive. */
export const PRICE_BUCKETS = [
  { label: 'Free', min: 0, max: 0 },
  { label: 'Under $25', min: 0.01, max: 24.99 },
  { label: '$25 - $50', min: 25, max: 50 },
  { label: '$50 - $100', min: 50.01, max: 100 },
  { label: '$100 - $250', min: 100.01, max: 250 },
  { label: '$250+', min: 250.01, max: Number.MAX_SAFE_INTEGER },
] as const;

const CACHE_MS = 30_000;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const byName = (a: string, b: string) => a.localeCompare(b);

export function makeFilterOptions(deps: { search: SearchIndex; clock: Clock }) {
  let cached: { at: number; value: FilterOptions } | null = null;
  // Visitors arriving together on an expired cache share one computation instead of each starting their own.
  let inFlight: Promise<FilterOptions> | null = null;

  return async function filterOptions(): Promise<FilterOptions> {
    const now = deps.clock.now();
    if (cached && now.getTime() - cached.at < CACHE_MS) return cached.value;
    inFlight ??= compute(now).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  async function compute(now: Date): Promise<FilterOptions> {
    const live: FilterClause = { field: 'start', op: 'range', gte: upcomingCutoff(now) };
    const facets = await deps.search.facets(EVENTS_INDEX, {
      terms: ['country', 'city', 'category', 'country_city'],
      filters: [live],
      size: 5000,
    });
    const values = (field: string) => (facets.terms[field] ?? []).map((t) => t.value).filter(isText);

    const citiesByCountry: Record<string, string[]> = {};
    for (const pair of values('country_city')) {
      const [country, city] = pair.split(COUNTRY_CITY_SEPARATOR);
      if (!isText(country) || !isText(city)) continue;
      (citiesByCountry[country] ??= []).push(city);
    }
    for (const list of Object.values(citiesByCountry)) list.sort(byName);

    const present = new Set(values('category'));
    const priceRanges: string[] = [];
    for (const bucket of PRICE_BUCKETS) {
      // Only whether any live event falls in the bucket: counting stops at the first one.
      const count = await deps.search.count(
        EVENTS_INDEX,
        {
          filters: [
            live,
            { field: 'price_usd_max', op: 'range', gte: bucket.min },
            { field: 'price_usd_min', op: 'range', lte: bucket.max },
          ],
        },
        { atMost: 1 },
      );
      if (count > 0) priceRanges.push(bucket.label);
    }

    const value: FilterOptions = {
      countries: values('country').sort(byName),
      cities: [...new Set(values('city'))].sort(byName),
      citiesByCountry,
      // Catalogue order (the spec's order), restricted to categories that have live events.
      categories: CATEGORIES.filter(
        (c) => present.has(c) || [...present].some((p) => p.toLowerCase() === c.toLowerCase()),
      ),
      price_ranges: priceRanges,
    };
    cached = { at: now.getTime(), value };
    return value;
  }
}
