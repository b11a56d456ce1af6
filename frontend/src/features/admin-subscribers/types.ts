/**
 * The Subscribers tab's types: subscribers, their saved searches and the desk's counts are the server's
 * answers (`@evently/subscriptions/contracts`, spec 02 §7 GET /api/subscriptions/admin); the filter form
 * above the list is the tab's own.
 */
import {
  ADMIN_PAGE_SIZE,
  type AdminSubscriberView,
  type SavedSearchView,
  type SubscriberPage as SubscriberPageAnswer,
  type SubscriberSort,
  type SubscriberStatusFilter,
} from '@evently/subscriptions/contracts';

export type { SubscriberSort, SubscriberStatusFilter };
export type AdminSubscriber = AdminSubscriberView;
export type SavedFilters = SavedSearchView;
export type SubscriberStats = SubscriberPageAnswer['stats'];

/** A page as the list keeps it: the answer's subscribers and page count, its counts when it carried them. */
export interface SubscriberPage {
  subscriptions: AdminSubscriber[];
  pages: number;
  stats: SubscriberStats | null;
}

export interface SubscriberFilters {
  search: string;
  status: SubscriberStatusFilter;
  country: string;
  city: string;
  sort: SubscriberSort;
  /** Only subscriptions whose search has filters. */
  savedOnly: boolean;
}

export const EMPTY_FILTERS: SubscriberFilters = {
  search: '',
  status: 'all',
  country: '',
  city: '',
  sort: 'recent',
  savedOnly: false,
};

/** Spec 02 §9: the admin list's page size. */
export const SUBSCRIBERS_PAGE_SIZE = ADMIN_PAGE_SIZE;
