/**
 * The reviews' words as the wire carries them (statuses, the rating's bounds, the moderation queue's filters and
 * its live push's name): plain constants with no schema beside them, so the browser takes them without zod.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The moderation queue's status filter: one status, or every review. */
export const ADMIN_STATUS_FILTERS = [...REVIEW_STATUSES, 'all'] as const;
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number];

/** The socket.io push the `/admin` namespace carries whenever the moderation queue may have changed. */
export const REVIEWS_LIVE_EVENTS = { pending: 'reviews:pending' } as const;
