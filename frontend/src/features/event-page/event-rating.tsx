import { Link } from 'react-router-dom';
import { StarRating } from '../../components/star-rating/star-rating.tsx';
import type { VisitorEvent } from '../../lib/format/event.ts';

export function reviewCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Issue 10: the approved reviews' average and count when there are any, and the way to write one. */
export function EventRating({ event }: { event: Pick<VisitorEvent, 'id' | 'review_count' | 'rating_avg'> }) {
  const count = event.review_count ?? 0;
  const average = event.rating_avg;
  const rated = count > 0 && typeof average === 'number';
  return (
    <div className="event-rating">
      {rated && (
        <p className="event-rating__summary">
          <StarRating value={average} />
          <span className="event-rating__average">{average.toFixed(1)}</span>
          <span className="event-rating__count">({reviewCountText(count)})</span>
        </p>
      )}
      <Link className="event-rating__write" to={`/reviews/write?eventId=${encodeURIComponent(String(event.id))}`}>
        Write a Review
      </Link>
    </div>
  );
}
