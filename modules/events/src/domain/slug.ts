/**
 * Event URLs: `/event/{id}-{kebab-name}`. Any path segment whose leading digits before the first dash are the
 * id resolves to that event, so renamed events keep working links and bare numeric ids still work.
 */

const MAX_SLUG_WORDS_LENGTH = 80;

/** Lower-case ASCII words joined by dashes; accents are folded, everything else becomes a separator. */
export function kebab(text: string): string {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = folded
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, MAX_SLUG_WORDS_LENGTH).replace(/-+$/g, '');
}

export function eventSlug(id: string | number, name: string): string {
  const words = kebab(name);
  return words ? `${id}-${words}` : String(id);
}

/** The id a path segment names, or null: digits, then either the end or a dash. `0` is never an id. */
export function parseEventIdSegment(segment: string): string | null {
  const match = /^(\d{1,15})(?:-|$)/.exec(segment.trim());
  if (!match?.[1]) return null;
  const id = match[1].replace(/^0+/, '');
  return id === '' ? null : id;
}
