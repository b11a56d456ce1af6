import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useReviewEventQuery } from './api.ts';
import { eventPath } from './event-path.ts';
import { ReviewForm } from './review-form.tsx';
import './reviews.css';

/** `?eventId=` preselects a catalogue event; anything but digits is ignored (the form asks for a name instead). */
export function eventIdParam(raw: string | null): string | undefined {
  const value = raw?.trim();
  return value && /^\d+$/.test(value) ? value : undefined;
}

/** Spec 02 "Write review page" (/reviews/write). */
export function WriteReviewPage() {
  const [params] = useSearchParams();
  const eventId = eventIdParam(params.get('eventId'));
  const event = useReviewEventQuery(eventId ?? skipToken);

  // Spec 02 §8: a failed event look-up is only logged; the form works without the name.
  useEffect(() => {
    if (event.error) console.error('Review form: the event could not be loaded', event.error);
  }, [event.error]);

  const name = event.currentData?.name;
  const backTo = eventId ? eventPath({ id: eventId, slug: event.currentData?.slug }) : '/reviews';

  return (
    <main className="page reviews-page write-review">
      <Link className="reviews-back" to="/">
        ← Back to Events
      </Link>
      <div className="card write-review__card">
        <header className="write-review__header">
          <h1>Write a Review</h1>
          {name && (
            <p className="write-review__for">
              for <strong>{name}</strong>
            </p>
          )}
        </header>
        <ReviewForm eventId={eventId} backTo={backTo} />
      </div>
    </main>
  );
}
