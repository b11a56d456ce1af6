import { DATE_OPTIONS, DEFAULT_FILTERS, type FilterState } from './filter-state.ts';
import { priceParam } from './query-params.ts';

export type ChipKey = 'keyword' | 'country' | 'city' | 'category' | 'date' | 'price';

export interface FilterChip {
  key: ChipKey;
  label: string;
}

function priceLabel(filters: FilterState): string | undefined {
  const min = priceParam(filters.min_price);
  const max = priceParam(filters.max_price);
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined) return `Price: $${min} - $${max}`;
  return min !== undefined ? `Price: from $${min}` : `Price: up to $${max}`;
}

function dateLabel(filters: FilterState): string | undefined {
  if (filters.date_filter === 'all') return undefined;
  if (filters.date_filter === 'custom') {
    if (!filters.start_date && !filters.end_date) return undefined;
    return `Dates: ${filters.start_date || '…'} to ${filters.end_date || '…'}`;
  }
  return `Date: ${DATE_OPTIONS.find((option) => option.value === filters.date_filter)?.label ?? filters.date_filter}`;
}

/** The 'Active Filters' chips for the applied filters, in the panel's order. */
export function activeChips(filters: FilterState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.keyword.trim()) chips.push({ key: 'keyword', label: `Search: ${filters.keyword.trim()}` });
  if (filters.country !== 'all') chips.push({ key: 'country', label: `Country: ${filters.country}` });
  if (filters.city !== 'all') chips.push({ key: 'city', label: `City: ${filters.city}` });
  if (filters.category !== 'all') chips.push({ key: 'category', label: `Category: ${filters.category}` });
  const date = dateLabel(filters);
  if (date) chips.push({ key: 'date', label: date });
  const price = priceLabel(filters);
  if (price) chips.push({ key: 'price', label: price });
  return chips;
}

/** Removing a chip resets that filter; the price chip resets both prices (spec 01 §4). */
export function removeChip(filters: FilterState, key: ChipKey): FilterState {
  switch (key) {
    case 'keyword':
      return { ...filters, keyword: '' };
    case 'country':
      // A city only makes sense inside its country, so dropping the country drops the city too.
      return { ...filters, country: 'all', city: 'all' };
    case 'city':
      return { ...filters, city: 'all' };
    case 'category':
      return { ...filters, category: 'all' };
    case 'date':
      return { ...filters, date_filter: 'all', start_date: '', end_date: '' };
    case 'price':
      return { ...filters, min_price: '', max_price: '' };
  }
}

/** Clear All restores the defaults but keeps an active nearby location, which has its own Clear button. */
export function clearAllFilters(filters: FilterState): FilterState {
  return {
    ...DEFAULT_FILTERS,
    latitude: filters.latitude,
    longitude: filters.longitude,
    nearby_radius_km: filters.nearby_radius_km,
    sort_by: filters.latitude !== null ? 'distance' : DEFAULT_FILTERS.sort_by,
  };
}
