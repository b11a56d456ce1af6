import { describe, expect, it } from 'vitest';
import { eventRatingKey, NO_RATING, parseEventRatingKey, summariseRatings } from './rating.ts';

describe('an event rating', () => {
  it('given no approved reviews, it is 0 and null (never a mean of 0)', () => {
    expect(summariseRatings([])).toEqual(NO_RATING);
    expect(summariseRatings([{ rating: 5, count: 0 }])).toEqual({ review_count: 0, rating_avg: null });
  });

  it('given 5, 4 and 4 stars, it is 3 reviews averaging 4.3', () => {
    expect(
      summariseRatings([
        { rating: 5, count: 1 },
        { rating: 4, count: 2 },
      ]),
    ).toEqual({ review_count: 3, rating_avg: 4.3 });
  });

  it('given 5 and 4 stars, the mean is 4.5', () => {
    expect(
      summariseRatings([
        { rating: 5, count: 1 },
        { rating: 4, count: 1 },
      ]),
    ).toEqual({ review_count: 2, rating_avg: 4.5 });
  });

  it('the facet key round-trips and refuses anything else', () => {
    expect(parseEventRatingKey(eventRatingKey('42', 5))).toEqual({ eventId: '42', rating: 5 });
    expect(parseEventRatingKey('42:7')).toBeNull();
    expect(parseEventRatingKey('42')).toBeNull();
  });
});
