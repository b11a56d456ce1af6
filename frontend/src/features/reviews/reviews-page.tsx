import { Link, useSearchParams } from 'react-router-dom';
import { useApprovedReviewsQuery } from './api.ts';
import { NO_REVIEWS } from './messages.ts';
import { Pager } from './pager.tsx';
import { ReviewCard } from './review-card.tsx';
import './reviews.css';

/** `?page=` of the list; anything but a positive whole number is the first page. */
export function pageParam(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Spec 02 "Reviews list page" (/reviews): approved reviews, newest first, 20 a page. */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  // Spec 02 §8: a load failure is silent; the list simply stays empty.
  const { currentData, isFetching, isLoading } = useApprovedReviewsQuery(page);
  const reviews = currentData?.reviews ?? [];

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <main className="page reviews-page">
      <header className="reviews-page__header">
        <div>
          <h1>Event Reviews</h1>
          <p className="reviews-page__lead">What visitors say about the events they went to.</p>
        </div>
        <Link className="btn btn-primary" to="/reviews/write">
          Write Review
        </Link>
      </header>
      {(isLoading || isFetching) && !currentData ? (
        <div className="reviews-spinner" role="status">
          <span className="reviews-spinner__wheel" aria-hidden="true" />
          <span className="visually-hidden">Loading reviews…</span>
        </div>
      ) : reviews.length === 0 ? (
        <p className="reviews-page__empty">{NO_REVIEWS}</p>
      ) : (
        <>
          <div className="reviews-grid">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </div>
          <Pager page={currentData?.page ?? page} pages={currentData?.pages ?? 1} onPage={goTo} />
        </>
      )}
    </main>
  );
}
