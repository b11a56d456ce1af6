import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { EventRating } from './event-rating.tsx';

afterEach(cleanup);

function renderRating(event: { id: number; review_count?: number; rating_avg?: number | null }) {
  render(
    <MemoryRouter>
      <EventRating event={event} />
    </MemoryRouter>,
  );
}

describe('event rating (issue 10)', () => {
  it('shows stars, the average and the count when there are reviews', () => {
    renderRating({ id: 7, review_count: 3, rating_avg: 4.3 });
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(screen.getByText('4.3')).toBeTruthy();
    expect(screen.getByText('(3 reviews)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write a Review' }).getAttribute('href')).toBe('/reviews/write?eventId=7');
  });

  it('shows only the link without reviews', () => {
    renderRating({ id: 7, review_count: 0, rating_avg: null });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Write a Review' })).toBeTruthy();
  });

  it('says "1 review" in the singular', () => {
    renderRating({ id: 7, review_count: 1, rating_avg: 5 });
    expect(screen.getByText('(1 review)')).toBeTruthy();
    expect(screen.getByText('5.0')).toBeTruthy();
  });
});
