/**
 * A saved search: the filters a visitor keeps with a digest subscription (keyword, category, USD price range,
 * date preset, a centre of their own). Pure rules here: whether there are any, the search's address on the
 * site, its key among identical searches, and its name in words.
 */
import type { DatePreset } from '@evently/events';

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

export function hasFilters(search: SavedSearch | null | undefined): boolean {
  if (!search) return false;
  return (
    search.keyword !== null ||
    search.category !== null ||
    search.min_price !== null ||
    search.max_price !== null ||
    search.date_preset !== null ||
    search.centre !== null
  );
}

/** The share address's precision for a location (about 100 m), as the site writes it. */
const NEAR_DECIMALS = 3;
const round = (value: number) => Math.round(value * 10 ** NEAR_DECIMALS) / 10 ** NEAR_DECIMALS;
const priceParam = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The search part of the site's address for this search (`?keyword=jazz&city=Berlin&max_price=50`), written
 * with the home page's parameter names and order (frontend `search-url.ts`), so the mail's link opens exactly
 * this search and a visitor's shared address of the same search reads the same. A search with a centre links
 * to that centre and radius; a city search links to the city, as the city digest always has.
 */
export function searchQueryString(place: SearchPlace, search: SavedSearch): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value.trim() !== '') params.set(name, value.trim());
  };
  put('keyword', search.keyword);
  put('country', place.country);
  put('city', place.city);
  put('category', search.category);
  put('date', search.date_preset);
  put('min_price', search.min_price === null ? null : priceParam(search.min_price));
  put('max_price', search.max_price === null ? null : priceParam(search.max_price));
  if (search.centre) {
    put('near', `${round(search.centre.lat)},${round(search.centre.lon)}`);
    put('radius', String(place.radius_km));
  }
  const written = params.toString();
  return written ? `?${written}` : '';
}

/** The site address of this search. */
export function searchUrl(publicUrl: string, place: SearchPlace, search: SavedSearch): string {
  return `${publicUrl.replace(/\/+$/, '')}/${searchQueryString(place, search)}`;
}

/**
 * What makes two subscriptions the same search: everything that decides which events match (case-folded
 * words and places), so the batch asks the catalogue once for all of them. The radius is part of it even for
 * a city search, where the address does not carry it.
 */
export function searchKey(place: SearchPlace, search: SavedSearch): string {
  const folded: SavedSearch = {
    ...search,
    keyword: search.keyword?.toLocaleLowerCase('en') ?? null,
    category: search.category,
  };
  const where = {
    country: place.country.toLocaleLowerCase('en'),
    city: place.city.toLocaleLowerCase('en'),
    radius_km: place.radius_km,
  };
  return `${searchQueryString(where, folded)}#r${place.radius_km}`;
}

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

function placeWords(place: SearchPlace, search: SavedSearch, defaultRadiusKm: number): string | null {
  const city = place.city.trim();
  if (search.centre) {
    const where = city || `${round(search.centre.lat)}, ${round(search.centre.lon)}`;
    return `within ${place.radius_km} km of ${where}`;
  }
  if (!city) return null;
  return place.radius_km === defaultRadiusKm ? `near ${city}` : `within ${place.radius_km} km of ${city}`;
}

/**
 * The search in words, e.g. "Jazz under $50 near Berlin" or "Technology events this week within 10 km of
 * Lisbon": the mail's subject line, the admin list and the Save this search form name it so.
 */
export function describeSearch(place: SearchPlace, search: SavedSearch, defaultRadiusKm: number): string {
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
    placeWords(place, search, defaultRadiusKm),
  ];
  return parts.filter((part): part is string => part !== null).join(' ');
}
