/**
 * Filters a link may carry into the home page: `?country=Portugal&city=Lisbon`, as the weekly digest's "See all
 * events near <city>" button sends. They are read once on arrival and then dropped from the address bar, like
 * the focus parameters, so the chips and the address never disagree.
 */
import type { FilterState } from './filter-state.ts';

export const LINK_FILTER_NAMES = ['country', 'city'] as const;

/** A linked place, trimmed; empty or over-long values (not a place name) are ignored. */
function place(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= 120 ? trimmed : null;
}

export function readLinkFilters(search: string): Partial<FilterState> {
  const params = new URLSearchParams(search);
  const country = place(params.get('country'));
  const city = place(params.get('city'));
  return { ...(country ? { country } : {}), ...(city ? { city } : {}) };
}

/**
 * The starting filters with a linked place applied. A place link is about that place, so a remembered "near
 * me" location (which would restrict results to the visitor's surroundings) is set aside for this visit.
 */
export function withLinkFilters(start: FilterState, linked: Partial<FilterState>): FilterState {
  if (!linked.country && !linked.city) return start;
  const withoutNearby = start.latitude !== null ? { latitude: null, longitude: null, sort_by: 'date' as const, sort_order: 'asc' as const } : {};
  return { ...start, ...withoutNearby, ...linked };
}

/** The query string without the link filters (other parameters are left alone). */
export function withoutLinkFilters(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LINK_FILTER_NAMES) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
