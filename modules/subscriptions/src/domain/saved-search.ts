/**
 * A saved search: the filters a visitor keeps with a digest subscription (keyword, category, USD price range,
 * date preset, a centre of their own). Pure rules here: whether there are any, the search's address on the
 * site and its key among identical searches. The search itself and its name in words are in the contracts
 * (`contracts/search-words.ts`), which the browser shares.
 */
import { roundToNear, type SavedSearch, type SearchPlace } from '../contracts/search-words.ts';

export { NO_FILTERS, type SavedSearch, type SearchPlace } from '../contracts/search-words.ts';

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
    put('near', `${roundToNear(search.centre.lat)},${roundToNear(search.centre.lon)}`);
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
