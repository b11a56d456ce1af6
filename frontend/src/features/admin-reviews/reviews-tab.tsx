import { useId, useState } from 'react';
import { LiveIndicator } from '../../components/live-status/live-indicator.tsx';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import { REVIEWS_CHANNEL, useAdminReviewsQuery, type ReviewStatusFilter } from './api.ts';
import { EMPTY_TEXT, LIST_FAILED, LOADING_TEXT } from './messages.ts';
import { ReviewItem } from './review-item.tsx';
import './reviews-tab.css';

const FILTERS: readonly { value: ReviewStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** Spec 02 "Reviews tab" ('Reviews Moderation'): the queue by status, kept fresh by the pending-count pushes. */
export function ReviewsTab() {
  const id = useId();
  const [status, setStatus] = useState<ReviewStatusFilter>('pending');
  const list = useAdminReviewsQuery(status);
  const reviews = list.currentData ?? [];
  const failed = list.isError && !isUnauthorized(list.error) && !list.currentData;

  return (
    <section className="reviews-tab" aria-labelledby={`${id}-title`}>
      <div className="reviews-tab__head">
        <div className="reviews-tab__title">
          <h2 id={`${id}-title`}>Reviews Moderation</h2>
          <LiveIndicator channel={REVIEWS_CHANNEL} />
        </div>
        <div className="reviews-tab__controls">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as ReviewStatusFilter)}
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
          <button type="button" className="btn" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Refresh
          </button>
        </div>
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {LIST_FAILED}
        </p>
      )}
      {list.isFetching && !list.currentData ? (
        <p className="reviews-tab__state" role="status">
          {LOADING_TEXT}
        </p>
      ) : reviews.length === 0 ? (
        <p className="reviews-tab__state">{EMPTY_TEXT}</p>
      ) : (
        <div className="reviews-tab__list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </div>
      )}
    </section>
  );
}
