import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { StarRating } from '../../components/star-rating/star-rating.tsx';
import type { AdminReview } from '@evently/reviews/contracts';
import { formatReviewDate } from '../../lib/reviews/review-types.ts';
import { useApproveReviewMutation, useDeleteReviewMutation, useRejectReviewMutation } from './api.ts';
import { APPROVE_FAILED, DELETE_FAILED, REJECT_FAILED, reviewHeading } from './messages.ts';

const STATUS_LABELS: Record<AdminReview['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** One review in the moderation list (spec 02 "Reviews tab", §4 review states). */
export function ReviewItem({ review }: { review: AdminReview }) {
  const id = useId();
  const [approve, approveCall] = useApproveReviewMutation();
  const [reject, rejectCall] = useRejectReviewMutation();
  const [remove, deleteCall] = useDeleteReviewMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const busy = approveCall.isLoading || rejectCall.isLoading || deleteCall.isLoading;
  const heading = reviewHeading(review);

  const run = async (action: () => Promise<unknown>, failure: string) => {
    setAlert(null);
    try {
      await action();
      return true;
    } catch {
      setAlert(failure);
      return false;
    }
  };

  const onReject = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (await run(() => reject({ id: review.id, reason: text || undefined }).unwrap(), REJECT_FAILED))
      setRejecting(false);
  };

  const onDelete = () => {
    if (!window.confirm(`Delete "${heading}" permanently? This cannot be undone.`)) return;
    void run(() => remove(review).unwrap(), DELETE_FAILED);
  };

  return (
    <article className={`stack review-item review-item--${review.status}`} aria-labelledby={`${id}-title`}>
      <div className="review-item__top">
        <StarRating value={review.rating} size="small" />
        <span className={`review-status review-status--${review.status}`}>{STATUS_LABELS[review.status]}</span>
      </div>
      <h3 id={`${id}-title`} className="review-item__title">
        {heading}
      </h3>
      <p className="review-item__meta">
        <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
        <span>{review.user_name}</span>
        <span className="review-item__email">{review.user_email}</span>
      </p>
      {review.comment && <p className="review-item__comment">{review.comment}</p>}
      <p className="review-item__event">
        {review.event_id !== null ? (
          <Link to={`/event/${review.event_id}`}>View Event</Link>
        ) : review.event_link ? (
          <a href={review.event_link} target="_blank" rel="noopener noreferrer">
            {review.event_name ?? 'View Event'}
          </a>
        ) : (
          <span>{review.event_name}</span>
        )}
        {review.event_id !== null && review.event?.name && (
          <span className="review-item__event-name"> · {review.event.name}</span>
        )}
      </p>
      {review.status === 'rejected' && review.admin_notes && (
        <p className="review-item__reason">Reason: {review.admin_notes}</p>
      )}

      {alert && (
        <p className="alert alert--error" role="alert">
          {alert}
        </p>
      )}

      {rejecting ? (
        <form className="review-item__reject" onSubmit={onReject}>
          <label htmlFor={`${id}-reason`}>Reason (optional)</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="review-item__actions">
            <button type="submit" className="btn btn-small btn-danger-solid" disabled={busy}>
              {rejectCall.isLoading ? 'Rejecting...' : 'Reject'}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={rejectCall.isLoading}
              onClick={() => setRejecting(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="review-item__actions" role="group" aria-label={`Moderate ${heading}`}>
          {review.status !== 'approved' && (
            <button
              type="button"
              className="btn btn-small btn-approve"
              disabled={busy}
              onClick={() => void run(() => approve(review.id).unwrap(), APPROVE_FAILED)}
            >
              {approveCall.isLoading ? 'Approving...' : 'Approve'}
            </button>
          )}
          {review.status !== 'rejected' && (
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => setRejecting(true)}>
              Reject
            </button>
          )}
          <button type="button" className="btn btn-small review-item__delete" disabled={busy} onClick={onDelete}>
            {deleteCall.isLoading ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      )}
    </article>
  );
}
