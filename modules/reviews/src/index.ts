/**
 * The reviews module's only public door: reviews of catalogue and free-text events, their moderation, the
 * messages announcing every change, and the live pending count. See ../CONTEXT.md for its vocabulary.
 */
export {
  createReviewsModule,
  DEFAULT_SUBMIT_LIMIT,
  type ReviewsModule,
  type ReviewsOptions,
} from './reviews-module.ts';
export type { ReviewEventLookup } from './application/event-lookup.ts';
export type { PendingCountPush, ReviewsLiveFeed } from './application/live/pending-count-feed.ts';
export type { PublicReview, AdminReview } from './domain/review-views.ts';
export type { ReviewEventEmbed, ReviewStatus } from './domain/review.ts';
export type { ReviewPagination } from './domain/pagination.ts';
export { REVIEW_STATUSES, RATING_MIN, RATING_MAX } from './domain/review.ts';
export { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './contracts/queries.ts';
export { ALREADY_APPROVED, ALREADY_REJECTED } from './domain/moderation.ts';
export { ADMIN_STATUS_FILTERS, type AdminStatusFilter } from './contracts/vocabulary.ts';
export {
  REVIEWS_TOPIC,
  reviewMessageTypes,
  reviewApprovedSchema,
  reviewDeletedSchema,
  reviewRejectedSchema,
  reviewSubmittedSchema,
  type ReviewApproved,
  type ReviewDeleted,
  type ReviewRejected,
  type ReviewSubmitted,
} from './contracts/messages.ts';
export { EVENT_NOT_FOUND_MESSAGE, REVIEW_SUBMITTED_MESSAGE } from './http/reviews.router.ts';
export { REVIEW_DELETED_MESSAGE, REVIEW_NOT_FOUND_MESSAGE } from './http/admin-reviews.router.ts';
export { ADMIN_LIST_LIMIT } from './application/queries/list-for-admin/list-for-admin.ts';

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export {
  publicListQuerySchema as reviewPublicListQuerySchema,
  adminListQuerySchema as reviewAdminListQuerySchema,
  rejectBodySchema as reviewRejectBodySchema,
} from './contracts/queries.ts';
export { freeTextReviewSchema, reviewFieldsSchema } from './contracts/submit-review.ts';
