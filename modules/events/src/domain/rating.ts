/**
 * An event's rating as answered with it: how many approved reviews it has and their mean, to one decimal
 * (what a star line shows; finer digits suggest a precision five-star votes do not have). No reviews: 0 and
 * null, never a mean of 0.
 */

export interface EventRating {
  review_count: number;
  rating_avg: number | null;
}

export const NO_RATING: EventRating = { review_count: 0, rating_avg: null };

/** From how many approved reviews gave each star value. */
export function summariseRatings(histogram: Array<{ rating: number; count: number }>): EventRating {
  let count = 0;
  let sum = 0;
  for (const { rating, count: n } of histogram) {
    count += n;
    sum += rating * n;
  }
  if (count === 0) return NO_RATING;
  return { review_count: count, rating_avg: Math.round((sum / count) * 10) / 10 };
}

/** The facet key that lets one query count approved reviews per (event, stars): `42:5`. */
export function eventRatingKey(eventId: string, rating: number): string {
  return `${eventId}:${rating}`;
}

export function parseEventRatingKey(key: string): { eventId: string; rating: number } | null {
  const match = /^(.+):([1-5])$/.exec(key);
  return match?.[1] && match[2] ? { eventId: match[1], rating: Number(match[2]) } : null;
}
