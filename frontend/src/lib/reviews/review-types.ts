/**
 * Helpers for showing reviews. The review shapes themselves are the server's: `import type { PublicReview, … }
 * from '@evently/reviews/contracts'`.
 */

/** A review's date as the cards show it, e.g. "Jul 4, 2025"; blank when unreadable. */
export function formatReviewDate(value: string, locale = 'en-US'): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
