/** Filter options response (spec 01 §3), with empty and non-string entries removed. */
export interface FilterOptions {
  countries: string[];
  cities: string[];
  citiesByCountry: Record<string, string[]>;
  categories: string[];
  price_ranges: string[];
}

export const EMPTY_FILTER_OPTIONS: FilterOptions = {
  countries: [],
  cities: [],
  citiesByCountry: {},
  categories: [],
  price_ranges: [],
};

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/** Case and accents folded away: 'São Paulo' and 'Sao Paulo' are one key. */
const foldKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const hasAccents = (text: string) => /\p{M}/u.test(text.normalize('NFD'));

/**
 * One entry per place when sources spell it with and without accents: the accented spelling is shown,
 * at the position of the first spelling seen. Matching the two in search belongs to the search engines.
 */
export function dedupeAccentVariants(list: string[]): string[] {
  const chosen = new Map<string, string>();
  for (const item of list) {
    const key = foldKey(item);
    const current = chosen.get(key);
    if (current === undefined || (!hasAccents(current) && hasAccents(item))) chosen.set(key, item);
  }
  return [...chosen.values()];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function cleanFilterOptions(raw: unknown): FilterOptions {
  if (!isRecord(raw)) return EMPTY_FILTER_OPTIONS;
  const byCountry: Record<string, string[]> = {};
  if (isRecord(raw.citiesByCountry)) {
    for (const [country, cities] of Object.entries(raw.citiesByCountry)) {
      if (country.trim()) byCountry[country] = dedupeAccentVariants(textList(cities));
    }
  }
  return {
    countries: textList(raw.countries),
    cities: dedupeAccentVariants(textList(raw.cities)),
    citiesByCountry: byCountry,
    categories: textList(raw.categories),
    price_ranges: textList(raw.price_ranges),
  };
}

/** Cities offered for a country: that country's own list, or every city when no country is chosen. */
export function citiesFor(options: FilterOptions, country: string): string[] {
  if (!country || country === 'all') return options.cities;
  return options.citiesByCountry[country] ?? [];
}
