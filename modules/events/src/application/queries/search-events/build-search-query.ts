/**
 * Turns parsed search parameters into the engine-neutral SearchQuery. Past events (started more than two
 * hours ago, domain/upcoming.ts) are left out unless the caller asked for a date range or preset, which then
 * decides alone.
 */
import type { FilterClause, SearchQuery, SortClause } from '@evently/platform';
import { resolveDatePreset } from '../../../domain/date-presets.ts';
import { CARD_SOURCE_FIELDS } from '../../../domain/public-view.ts';
import { upcomingCutoff } from '../upcoming-cutoff.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';
import type { SearchParams } from './search-params.ts';

// `offers` for the popup's "N sellers": only a canonical event of several sellers has it (2-4
// entries), so single-seller pins cost nothing extra and no index field or reindex is needed.
export const MAP_BASIC_FIELDS = ['name', 'latitude', 'longitude', 'category', 'start_utc', 'offers'];
export const LOCATION_FIELD = 'location';

export function buildSearchQuery(params: SearchParams, now: Date, zone: string): SearchQuery {
  const filters: FilterClause[] = [];
  if (params.country) filters.push({ field: 'country', op: 'eq', value: params.country });
  if (params.city) filters.push({ field: 'city', op: 'eq', value: params.city });
  if (params.category) filters.push({ field: 'category', op: 'eq', value: params.category });

  const asksForDates = params.datePreset !== undefined || params.dateFrom !== undefined || params.dateTo !== undefined;
  if (params.datePreset) {
    const range = resolveDatePreset(params.datePreset, now, zone);
    filters.push({ field: 'start', op: 'range', gte: range.from.toISOString(), lt: range.to.toISOString() });
  }
  if (params.dateFrom || params.dateTo) {
    filters.push({
      field: 'start',
      op: 'range',
      ...(params.dateFrom ? { gte: params.dateFrom.toISOString() } : {}),
      ...(params.dateTo ? { lte: params.dateTo.toISOString() } : {}),
    });
  }
  if (!asksForDates) filters.push({ field: 'start', op: 'range', gte: upcomingCutoff(now) });

  // Price ranges overlap the wanted range: the event's top price reaches the minimum, its lowest the maximum.
  if (params.minPrice !== undefined) filters.push({ field: 'price_usd_max', op: 'range', gte: params.minPrice });
  if (params.maxPrice !== undefined) filters.push({ field: 'price_usd_min', op: 'range', lte: params.maxPrice });

  const query: SearchQuery = {
    filters,
    sort: sortClauses(params),
    offset: (params.page - 1) * params.perPage,
    limit: params.perPage,
  };
  if (params.keyword) query.text = params.keyword;
  if (params.near)
    query.near = { field: LOCATION_FIELD, lat: params.near.lat, lon: params.near.lon, radiusKm: params.near.radiusKm };
  if (params.bounds) query.bounds = { field: LOCATION_FIELD, ...params.bounds };
  if (params.fields === 'map_basic') query.fields = MAP_BASIC_FIELDS;
  if (params.fields === 'card') query.fields = [...CARD_SOURCE_FIELDS];
  return query;
}

function sortClauses(params: SearchParams): SortClause[] {
  const direction = params.sortOrder;
  switch (params.sortBy) {
    case undefined:
      return params.keyword
        ? [{ by: 'relevance' }, { by: 'field', field: 'start', direction: 'asc' }]
        : [{ by: 'field', field: 'start', direction }];
    case 'date':
      return [{ by: 'field', field: 'start', direction }];
    case 'price':
      return [{ by: 'field', field: 'price_usd_min', direction }];
    case 'popularity':
      return [{ by: 'field', field: 'popularity', direction }];
    case 'name':
      return [{ by: 'field', field: 'name', direction }];
    case 'distance':
      return [{ by: 'distance', direction }];
  }
}

export { EVENTS_INDEX };
