import { Link } from 'react-router-dom';
import { StarRating } from '../../components/star-rating/star-rating.tsx';
import type { PublicReview } from '@evently/reviews/contracts';
import { formatReviewDate } from '../../lib/reviews/review-types.ts';
import { eventPath } from './event-path.ts';

/** Where a review's event is: the catalogue page, the visitor's own link (new tab), or just its name. */
function ReviewEventLine({ review }: { review: PublicReview }) {
  if (review.event) {
    const place = [review.event.city, review.event.country].filter((part) => part?.trim()).join(', ');
    return (
      <p className="review-card__event">
        <Link to={eventPath(review.event)}>{review.event.name}</Link>
        {place && <span className="review-card__place"> · {place}</span>}
      </p>
    );
  }
  if (!review.event_name) return null;
  return (
    <p className="review-card__event">
      {review.event_link ? (
        <a href={review.event_link} target="_blank" rel="noopener noreferrer">
          {review.event_name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span>{review.event_name}</span>
      )}
    </p>
  );
}

/** Spec 02 "Reviews list page" card: title (or 'Review'), date, stars, 'by' name, comment and the event. */
export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <article className="card stack review-card" aria-label={review.title || 'Review'}>
      <header className="review-card__head">
        <h2 className="review-card__title">{review.title || 'Review'}</h2>
        <time className="review-card__date" dateTime={review.created_at}>
          {formatReviewDate(review.created_at)}
        </time>
      </header>
      <StarRating value={review.rating} size="small" />
      <p className="review-card__by">by {review.user_name}</p>
      {review.comment && <p className="review-card__comment">{review.comment}</p>}
      <ReviewEventLine review={review} />
    </article>
  );
}
