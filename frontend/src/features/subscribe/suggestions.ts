/** Spec 01 §5: up to 8 country and 10 city suggestions; case-insensitive, prefix matches before contains. */
export const COUNTRY_SUGGESTION_LIMIT = 8;
export const CITY_SUGGESTION_LIMIT = 10;
/** Spec 01 §9: suggestion lists close 120 ms after the field loses focus (long enough for a click on one). */
export const SUGGESTIONS_CLOSE_DELAY_MS = 120;

export function suggest(candidates: readonly string[], typed: string, limit: number): string[] {
  const needle = typed.trim().toLowerCase();
  const unique = [...new Set(candidates)];
  if (!needle) return unique.slice(0, limit);
  const prefix: string[] = [];
  const contains: string[] = [];
  for (const candidate of unique) {
    const haystack = candidate.toLowerCase();
    if (haystack.startsWith(needle)) prefix.push(candidate);
    else if (haystack.includes(needle)) contains.push(candidate);
  }
  return [...prefix, ...contains].slice(0, limit);
}

export function suggestCountries(countries: readonly string[], typed: string): string[] {
  return suggest(countries, typed, COUNTRY_SUGGESTION_LIMIT);
}

/** Cities are limited to the chosen country when it is one the catalogue knows. */
export function suggestCities(
  citiesByCountry: Readonly<Record<string, readonly string[]>>,
  allCities: readonly string[],
  country: string,
  typed: string,
): string[] {
  const chosen = country.trim().toLowerCase();
  const match = chosen ? Object.keys(citiesByCountry).find((name) => name.toLowerCase() === chosen) : undefined;
  const pool = match ? (citiesByCountry[match] ?? []) : allCities;
  return suggest(pool, typed, CITY_SUGGESTION_LIMIT);
}
