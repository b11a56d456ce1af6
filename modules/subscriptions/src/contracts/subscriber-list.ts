/**
 * The Subscribers tab's list words (sorts, status filters, page size): plain constants with no schema beside
 * them, so the browser takes them without zod.
 */

export const SUBSCRIBER_SORTS = ['recent', 'email', 'last_sent', 'city'] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];
/** `pending`: not confirmed yet (double opt-in); `inactive` is every subscriber not receiving digests. */
export const SUBSCRIBER_STATUS_FILTERS = ['all', 'active', 'inactive', 'pending'] as const;
export type SubscriberStatusFilter = (typeof SUBSCRIBER_STATUS_FILTERS)[number];
export const ADMIN_PAGE_SIZE = 25;
