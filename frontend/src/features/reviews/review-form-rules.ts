import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';
import type { ReviewBody, SubmitReviewArgs } from './api.ts';
import { MISSING_EVENT_NAME, MISSING_REQUIRED, SUBMIT_FAILED } from './messages.ts';

export interface ReviewFormValues {
  userName: string;
  email: string;
  /** 0 = not chosen yet. */
  rating: number;
  title: string;
  comment: string;
  eventName: string;
  eventLink: string;
  /** The honeypot: always empty for a person. */
  website: string;
}

export const EMPTY_REVIEW_FORM: ReviewFormValues = {
  userName: '',
  email: '',
  rating: 0,
  title: '',
  comment: '',
  eventName: '',
  eventLink: '',
  website: '',
};

/**
 * Spec 02 §5 "Review form": name, email and rating first, then (without an eventId) the event name. Returns the
 * alert to show, or null when the form may be sent.
 */
export function reviewFormProblem(values: ReviewFormValues, hasEvent: boolean): string | null {
  const ratingOk = Number.isInteger(values.rating) && values.rating >= 1 && values.rating <= 5;
  if (!values.userName.trim() || !values.email.trim() || !ratingOk) return MISSING_REQUIRED;
  if (!hasEvent && !values.eventName.trim()) return MISSING_EVENT_NAME;
  return null;
}

/** The call for a valid form: the catalogue event's endpoint, or the free-text one with a trimmed optional link. */
export function submitArgs(values: ReviewFormValues, eventId: string | undefined): SubmitReviewArgs {
  const body: ReviewBody = {
    user_name: values.userName.trim(),
    user_email: values.email.trim(),
    rating: values.rating,
    title: values.title.trim(),
    comment: values.comment.trim(),
    // The form has no "attended" question; writing a review of an event is taken as having been there.
    attended: true,
    website: values.website,
  };
  if (eventId) return { eventId, body };
  const link = values.eventLink.trim();
  return { body: { ...body, event_name: values.eventName.trim(), ...(link ? { event_link: link } : {}) } };
}

/** Spec 02 §8 "Review submit": the server's error text, or 'Failed to submit review'. */
export function submitErrorText(error: unknown): string {
  return (httpStatusOf(error) !== undefined ? serverText(error) : undefined) ?? SUBMIT_FAILED;
}
