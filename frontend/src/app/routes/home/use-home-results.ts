import { useEffect, useMemo } from 'react';
import type { FilterState } from '../../../features/filters/filter-state.ts';
import type { Bounds } from '../../../features/filters/query-params.ts';
import { useEventSearch } from '../../../features/home/use-event-search.ts';
import { trackSearch } from '../../../lib/analytics/ads-tag.ts';
import { homeEventsQuery } from './home-query.ts';

/**
 * The results for the page's search: the events query (within the map's bounds while 'Only in view' is on)
 * and its pages. A keyword search is reported to the advertising tag once answered.
 */
export function useHomeResults(filters: FilterState, bounds: Bounds | null) {
  const query = useMemo(() => homeEventsQuery(filters, bounds), [filters, bounds]);
  const queryKey = JSON.stringify(query);
  const search = useEventSearch(query);
  const total = search.pagination?.total ?? 0;

  const keyword = filters.keyword;
  useEffect(() => {
    const term = keyword.trim();
    if (term && !search.loading) trackSearch(term, total);
  }, [search.loading, keyword, total]);

  return { search, total, queryKey };
}

export type HomeResults = ReturnType<typeof useHomeResults>;
