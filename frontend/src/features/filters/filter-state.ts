/** Filter state of the home page (spec 01 §3 "Filter state"); 'all' means "no restriction". */
export type DateFilter = 'all' | 'today' | 'tomorrow' | 'this_week' | 'this_month' | 'custom';
export type SortBy = 'date' | 'price' | 'popularity' | 'name' | 'distance';
export type SortOrder = 'asc' | 'desc';

export interface FilterState {
  keyword: string;
  country: string;
  city: string;
  category: string;
  date_filter: DateFilter;
  start_date: string;
  end_date: string;
  min_price: string;
  max_price: string;
  sort_by: SortBy;
  sort_order: SortOrder;
  latitude: number | null;
  longitude: number | null;
  nearby_radius_km: number;
}

export const DEFAULT_RADIUS_KM = 25;

export const DEFAULT_FILTERS: FilterState = {
  keyword: '',
  country: 'all',
  city: 'all',
  category: 'all',
  date_filter: 'all',
  start_date: '',
  end_date: '',
  min_price: '',
  max_price: '',
  sort_by: 'date',
  sort_order: 'asc',
  latitude: null,
  longitude: null,
  nearby_radius_km: DEFAULT_RADIUS_KM,
};

export const DATE_OPTIONS: ReadonlyArray<{ value: DateFilter; label: string }> = [
  { value: 'all', label: 'All dates' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
  { value: 'custom', label: 'Custom dates' },
];

/** Distance sorting only makes sense (and is only offered) while a nearby location is active. */
export function sortOptions(nearbyActive: boolean): ReadonlyArray<{ value: SortBy; label: string }> {
  const base: Array<{ value: SortBy; label: string }> = [
    { value: 'date', label: 'By date' },
    { value: 'price', label: 'By price' },
    { value: 'popularity', label: 'By popularity' },
    { value: 'name', label: 'By name' },
  ];
  return nearbyActive ? [...base, { value: 'distance', label: 'By distance' }] : base;
}
