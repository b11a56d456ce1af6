/** How a subscriber leaves the module: only administrators see subscribers (the sign-up answer names none). */
import type { Stored } from '@evently/platform';
import { describeSearch, NO_FILTERS, searchUrl, type SavedSearch } from '../domain/saved-search.ts';
import {
  DEFAULT_RADIUS_KM,
  statusOf,
  unsubscribeUrl,
  type Subscriber,
  type SubscriberStatus,
} from '../domain/subscriber.ts';

/** What an administrator sees: the stored subscriber without its internal keys, plus its unsubscribe link. */
export type AdminSubscriberView = Pick<
  Stored<Subscriber>,
  | 'id'
  | 'email'
  | 'name'
  | 'country'
  | 'city'
  | 'radius_km'
  | 'is_active'
  | 'unsubscribe_token'
  | 'created_at'
  | 'updated_at'
  | 'last_sent_at'
> & {
  unsubscribe_url: string;
  /** Double opt-in state: `pending` until the address is confirmed, then `active` or `unsubscribed`. */
  status: SubscriberStatus;
  confirmed: boolean;
  confirmed_at: string | null;
  /** The saved search's filters (all null for a plain city digest), in words, and its address on the site. */
  search: SavedSearch;
  has_filters: boolean;
  search_description: string;
  search_url: string;
};

export function toAdminView(subscriber: Stored<Subscriber>, publicUrl: string): AdminSubscriberView {
  return {
    id: subscriber.id,
    email: subscriber.email,
    name: subscriber.name,
    country: subscriber.country,
    city: subscriber.city,
    radius_km: subscriber.radius_km,
    is_active: subscriber.is_active,
    status: statusOf(subscriber),
    confirmed: Boolean(subscriber.confirmed_at),
    confirmed_at: subscriber.confirmed_at ?? null,
    unsubscribe_token: subscriber.unsubscribe_token,
    unsubscribe_url: unsubscribeUrl(publicUrl, subscriber.unsubscribe_token),
    created_at: subscriber.created_at,
    updated_at: subscriber.updated_at,
    last_sent_at: subscriber.last_sent_at,
    search: subscriber.search ?? NO_FILTERS,
    has_filters: subscriber.has_filters ?? false,
    search_description: describeSearch(subscriber, subscriber.search ?? NO_FILTERS, DEFAULT_RADIUS_KM),
    search_url: searchUrl(publicUrl, subscriber, subscriber.search ?? NO_FILTERS),
  };
}
