/**
 * One spelling per place: feeds write the same country as `US`, `United States Of America` or `USA`, and
 * cities in capitals or with stray spaces. Filters and the full-sync scope compare these names, so every
 * source must produce the same one.
 */
const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** Names feeds use that differ from the English display name of the ISO code. */
const COUNTRY_ALIASES: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  'u.s.': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'czech republic': 'CZ',
  holland: 'NL',
  'the netherlands': 'NL',
  uae: 'AE',
  'korea, republic of': 'KR',
  'south korea': 'KR',
  'republic of ireland': 'IE',
  turkey: 'TR',
};

let codesByName: Map<string, string> | null = null;

function countryCodesByName(): Map<string, string> {
  if (codesByName) return codesByName;
  codesByName = new Map(Object.entries(COUNTRY_ALIASES));
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = regionNames.of(code);
      if (name && name !== code && name !== 'Unknown Region') codesByName.set(name.toLowerCase(), code);
    }
  }
  return codesByName;
}

/** Trims and collapses inner whitespace; empty becomes null. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** ISO 3166-1 alpha-2 code for a code or a country name, or null when unknown. */
export function countryCode(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    const name = regionNames.of(code);
    return name && name !== code && name !== 'Unknown Region' ? code : null;
  }
  return countryCodesByName().get(text.toLowerCase()) ?? null;
}

// Feeds repeat the same few hundred place names thousands of times; resolving each once keeps large runs cheap.
const countryNames = new Map<string, string | null>();
const cityNames = new Map<string, string | null>();
const MAX_CACHED = 10_000;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, value);
  return value;
}

/** The English country name we store, e.g. `US` and `United States Of America` both give `United States`. */
export function countryName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cached = countryNames.get(value);
  if (cached !== undefined) return cached;
  const code = countryCode(value);
  return remember(countryNames, value, code ? (regionNames.of(code) ?? null) : cleanText(value));
}

/** City names keep the feed's capitalisation unless it is all upper or all lower case (`NEW YORK`, `madrid`). */
export function cityName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cached = cityNames.get(value);
  if (cached !== undefined) return cached;
  const text = cleanText(value);
  if (!text || (text !== text.toUpperCase() && text !== text.toLowerCase())) return remember(cityNames, value, text);
  const titled = text
    .toLowerCase()
    .replace(/(^|[\s\-'(])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
  return remember(cityNames, value, titled);
}
