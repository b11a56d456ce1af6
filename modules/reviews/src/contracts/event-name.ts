/**
 * A free-text event's name as the duplicate rule compares it: the review form refuses a name that normalises to
 * nothing, and the domain keys one review per e-mail per normalised name.
 */

/** Case, accents, punctuation and spacing do not make a different event. */
export function normaliseEventName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
