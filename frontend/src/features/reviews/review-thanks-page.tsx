import { ActionLinks } from '../../components/action-links/action-links.tsx';
import './reviews.css';

/** Spec 02 route table: `/reviews/thanks`, a static thank-you after a review, which waits for moderation. */
export function ReviewThanksPage() {
  return (
    <main className="page review-thanks">
      <div className="review-thanks__card">
        <svg
          className="review-thanks__icon"
          viewBox="0 0 24 24"
          width="48"
          height="48"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
          <path
            d="M7 12.5l3.2 3.2L17 9"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1>Thank you!</h1>
        <p>Your review will be published after moderation.</p>
        <ActionLinks
          className="review-thanks__actions"
          links={[
            { to: '/reviews', label: 'Read reviews' },
            { to: '/', label: 'Back to Events' },
          ]}
        />
      </div>
    </main>
  );
}
