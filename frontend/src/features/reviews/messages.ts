/** Spec 02 §5 and §8 texts of the review pages. */
export const MISSING_REQUIRED = 'Please provide name, email and rating';
export const MISSING_EVENT_NAME = 'Please provide the event name';
export const SUBMIT_FAILED = 'Failed to submit review';
export const SUBMITTED_TOAST = 'Thanks! Your review was submitted and will appear after moderation.';
export const MODERATION_NOTE = 'Your review will appear after moderation.';
export const NO_REVIEWS = 'No reviews yet.';
