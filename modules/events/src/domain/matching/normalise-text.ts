/**
 * Text normalisation for offer matching: two sellers spell one show differently ("Coldplay - Tickets",
 * "COLDPLAY (18+)", "Coldplay: Música"), so titles and venue names are compared after folding case and
 * accents, dropping seller decorations and punctuation, and ignoring word order. Pure and deterministic.
 */

/** Words sellers add around a title that say nothing about which performance it is. */
const NOISE_WORDS = new Set([
  'tickets',
  'ticket',
  'entradas',
  'billets',
  'official',
  'presale',
  'pre',
  'sale',
  'onsale',
  'vip',
  'package',
  'packages',
  'sold',
  'out',
  'new',
  'date',
  'rescheduled',
  'limited',
  'availability',
  'book',
  'now',
  'buy',
]);

/** Function words: never evidence of sameness. */
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'at',
  'in',
  'on',
  'to',
  'for',
  'el',
  'la',
  'los',
  'las',
  'de',
  'del',
  'le',
  'les',
  'des',
  'du',
  'y',
  'et',
  'und',
  'der',
  'die',
  'das',
]);

/** An age or admission marker such as 18+, 21 and over, all ages. */
const AGE_MARKER = /^(\d{1,2}\s*\+|\d{1,2}\s*(and|&)\s*(over|up)|all\s*ages|over\s*\d{1,2}s?|adults?\s*only)$/;

/** Lower case, accents removed (é -> e, ß -> ss), ampersand spelled out. */
export function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' and ');
}

const isNoisePhrase = (phrase: string): boolean => {
  const words = phrase.replace(/[^\p{L}\p{N}+]+/gu, ' ').trim();
  if (words === '') return true;
  if (AGE_MARKER.test(words)) return true;
  return words.split(' ').every((word) => NOISE_WORDS.has(word) || STOP_WORDS.has(word) || AGE_MARKER.test(word));
};

/**
 * Removes bracketed groups and trailing " - ..." / " | ..." segments that hold only seller noise, e.g.
 * "(18+)", "[Official Tickets]", "- Tickets", "| Sold Out". Meaningful brackets ("(Matinee)") stay.
 */
export function stripSellerDecorations(folded: string): string {
  let text = folded.replace(/[([{]([^)\]}]*)[)\]}]/g, (whole, inner: string) =>
    isNoisePhrase(inner) ? ' ' : ` ${inner} `,
  );
  // Trailing segments after a dash or a bar, peeled one at a time from the end.
  for (;;) {
    const cut = /\s+[-–—|]\s*([^-–—|]*)$/.exec(text);
    if (!cut || !isNoisePhrase(cut[1] ?? '')) break;
    text = text.slice(0, cut.index);
  }
  return text;
}

/** The distinct meaningful words of a title, sorted (so word order does not matter). */
export function titleTokens(title: string): string[] {
  const words = stripSellerDecorations(foldCase(title))
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !NOISE_WORDS.has(word) && !STOP_WORDS.has(word) && !AGE_MARKER.test(word));
  return [...new Set(words)].sort();
}

/** One spelling per venue word, so "Theater"/"Theatre" and "St."/"Saint" name the same place. */
const PLACE_SPELLINGS: Readonly<Record<string, string>> = {
  theater: 'theatre',
  center: 'centre',
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ctr: 'centre',
};

/**
 * Places already normalised. Venue and city names repeat across a catalogue (each write and each candidate
 * comparison normalises both), and the Unicode folding was ~4% of a bulk load's CPU. Bounded: a
 * full cache is emptied and refilled, so memory stays small whatever the names.
 */
const normalisedPlaces = new Map<string, string>();
const NORMALISED_PLACES_LIMIT = 20_000;

/** A venue or city name reduced to comparable form: folded, punctuation and function words gone, sorted. */
export function normalisePlace(name: string | null | undefined): string {
  if (!name) return '';
  const known = normalisedPlaces.get(name);
  if (known !== undefined) return known;
  if (normalisedPlaces.size >= NORMALISED_PLACES_LIMIT) normalisedPlaces.clear();
  const normalised = normaliseUncached(name);
  normalisedPlaces.set(name, normalised);
  return normalised;
}

function normaliseUncached(name: string): string {
  const words = foldCase(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map((word) => PLACE_SPELLINGS[word] ?? word);
  return [...new Set(words)].sort().join(' ');
}
