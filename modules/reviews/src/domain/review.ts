/** The review aggregate (spec 02 §3 "Review", §4 review states): one document, one version sequence. */

import type { ReviewEvent } from '../contracts/review-answers.ts';
import type { ReviewStatus } from '../contracts/vocabulary.ts';

export { RATING_MAX, RATING_MIN, REVIEW_STATUSES, type ReviewStatus } from '../contracts/vocabulary.ts';

/** What a review of a catalogue event shows about it: enough for the `/events/{slug}` link and its caption. */
export type ReviewEventEmbed = ReviewEvent;

export interface Review {
  /** The catalogue event's id, or null for a free-text event. */
  event_id: number | null;
  /**
   * The catalogue event as it was when the review was written. Lists refresh it from the catalogue and fall
   * back to this copy once the event has left it (ended events are still worth reading about).
   */
  event: ReviewEventEmbed | null;
  /** Free-text events only: the name the reviewer typed, trimmed. */
  event_name: string | null;
  /** Free-text events only: an http(s) address or a site path such as `/event/123`, stored as given. */
  event_link: string | null;
  /** What "the same event" means for the one-review-per-e-mail rule (see domain/duplicate-key.ts). */
  subject_key: string;
  user_name: string;
  user_email: string;
  /** `user_email` lower-cased: the other half of the one-review-per-e-mail unique index. */
  email_key: string;
  rating: number;
  title: string | null;
  comment: string | null;
  attended: boolean;
  status: ReviewStatus;
  /** The reason given on rejection; cleared again by an approval. */
  admin_notes: string | null;
}
