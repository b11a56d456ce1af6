/**
 * Helpers for showing posts. The post shapes themselves are the server's: `import type { Post, … } from
 * '@evently/blog/contracts'`.
 */

/** Spec 02 §9: a card shows at most four tags. */
export const MAX_CARD_TAGS = 4;

export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
