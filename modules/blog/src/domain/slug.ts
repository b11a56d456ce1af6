/**
 * Post slugs: lower-case ASCII words joined by dashes, made from the title. Accents are folded (é → e) and the
 * few Latin letters Unicode does not decompose are spelled out (ß → ss, ø → o), so a French or German title
 * still gives a readable address instead of an empty one.
 */

/** Longest slug kept; longer titles are cut at a word boundary so addresses stay shareable. */
export const MAX_SLUG_LENGTH = 80;
/** Used when a title has no letters or digits at all (an emoji-only title). */
export const FALLBACK_SLUG = 'post';

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '&': ' and ',
};

export function slugify(title: string): string {
  const folded = title
    .toLowerCase()
    .replace(/[ßæœøłđðþı&]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const words = folded.replace(/[^a-z0-9]+/g, ' ').trim();
  if (!words) return FALLBACK_SLUG;
  let slug = '';
  for (const word of words.split(' ')) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  // A single word longer than the cap is cut rather than dropped.
  return slug || words.slice(0, MAX_SLUG_LENGTH);
}

/** The n-th candidate for a slug: `base`, then `base-2`, `base-3`, ... so a repeated title still gets its own. */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `-${attempt}`;
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** Shape of any slug we hand out: what a path segment must look like before the store is asked. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
