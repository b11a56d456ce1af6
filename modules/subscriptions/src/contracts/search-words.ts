/**
 * A saved search and its name in words, e.g. "Jazz under $50 near Berlin": the digest's subject line, the
 * admin list, the unsubscribe page and the home page's Save this search form all name a search with
 * `describeSearch`, so the words a visitor saves are the words the mail uses.
 */
import type { DatePreset } from '@evently/events/contracts';

/**
 * Default digest radius. The spec leaves it open; 50 km covers a metropolitan area and its commuter belt
 * (docs/decisions/005-subscriptions-and-digest.md) while the admin can set 1-500 km per subscriber.
 */
export const DEFAULT_RADIUS_KM = 50;

export interface SavedSearch {
  keyword: string | null;
  category: string | null;
  /** USD. */
  min_price: number | null;
  max_price: number | null;
  date_preset: DatePreset | null;
  /** A centre of the visitor's own choosing, in place of (or beside) the city's. */
  centre: { lat: number; lon: number } | null;
}

export const NO_FILTERS: SavedSearch = {
  keyword: null,
  category: null,
  min_price: null,
  max_price: null,
  date_preset: null,
  centre: null,
};

/** Where a subscription looks: its place (a centre-only search may leave them empty) and radius. */
export interface SearchPlace {
  country: string;
  city: string;
  radius_km: number;
}

/** A location to about 100 m, as the site writes it in addresses and words. */
export const NEAR_DECIMALS = 3;
export const roundToNear = (value: number) => Math.round(value * 10 ** NEAR_DECIMALS) / 10 ** NEAR_DECIMALS;

const DATE_WORDS: Record<DatePreset, string> = {
  today: 'today',
  tomorrow: 'tomorrow',
  this_week: 'this week',
  this_month: 'this month',
};

const dollars = (value: number) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;

function priceWords(min: number | null, max: number | null): string | null {
  if (max === 0) return 'free';
  if (min !== null && max !== null) return min === max ? `at ${dollars(min)}` : `${dollars(min)}-${dollars(max)}`;
  if (max !== null) return `under ${dollars(max)}`;
  if (min !== null) return `from ${dollars(min)}`;
  return null;
}

function placeWords(place: SearchPlace, search: SavedSearch, centreName: string | undefined): string | null {
  const city = place.city.trim();
  if (search.centre) {
    const where = city || centreName || `${roundToNear(search.centre.lat)}, ${roundToNear(search.centre.lon)}`;
    return `within ${place.radius_km} km of ${where}`;
  }
  if (!city) return null;
  return place.radius_km === DEFAULT_RADIUS_KM ? `near ${city}` : `within ${place.radius_km} km of ${city}`;
}

/**
 * The search in words, e.g. "Jazz under $50 near Berlin" or "Technology events this week within 10 km of
 * Lisbon". A centre without a city is named by its coordinates, or by `centreName` where the reader knows it
 * better (the Save this search form calls the visitor's own place "you").
 */
export function describeSearch(place: SearchPlace, search: SavedSearch, centreName?: string): string {
  const keyword = search.keyword?.trim();
  const head = keyword
    ? `${keyword.charAt(0).toLocaleUpperCase('en')}${keyword.slice(1)}${search.category ? ` in ${search.category}` : ''}`
    : search.category
      ? `${search.category} events`
      : 'Events';
  const parts = [
    head,
    priceWords(search.min_price, search.max_price),
    search.date_preset ? DATE_WORDS[search.date_preset] : null,
    placeWords(place, search, centreName),
  ];
  return parts.filter((part): part is string => part !== null).join(' ');
}
