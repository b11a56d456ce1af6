/** Spec 02 "Reviews tab" and §8 "Admin alerts" for reviews. */
export const APPROVE_FAILED = 'Approve failed';
export const REJECT_FAILED = 'Reject failed';
export const DELETE_FAILED = 'Delete failed';
export const LOADING_TEXT = 'Loading reviews...';
export const EMPTY_TEXT = 'No reviews found';
export const LIST_FAILED = 'Reviews could not be loaded. Please retry.';

/** Spec 02 "Reviews tab": the title, or the fallback 'Review by {name}'. */
export function reviewHeading(review: { title: string | null; user_name: string }): string {
  return review.title?.trim() || `Review by ${review.user_name}`;
}
