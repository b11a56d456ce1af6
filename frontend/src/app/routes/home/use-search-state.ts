import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FilterState } from '../../../features/filters/filter-state.ts';
import type { ViewMode } from '../../../features/home/focus-params.ts';
import { loadLocation } from '../../../features/nearby/location-storage.ts';
import { arrivalOf } from './arrival.ts';

/** The home page's search: the applied filters and the chosen view, starting from the address it arrived on. */
export function useSearchState() {
  const location = useLocation();
  const [arrival] = useState(() => arrivalOf(location.search, loadLocation()));
  const [filters, setFilters] = useState<FilterState>(arrival.search.filters);
  const [view, setView] = useState<ViewMode>(arrival.search.view);
  return { arrival, filters, setFilters, view, setView };
}

export type SearchState = ReturnType<typeof useSearchState>;
