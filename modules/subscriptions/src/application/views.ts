/** How a subscriber leaves the module: only administrators see subscribers (the sign-up answer names none). */
import type { Stored } from '@evently/platform';
import type { AdminSubscriberView } from '../contracts/subscriber-answers.ts';
import { describeSearch } from '../contracts/search-words.ts';
import { NO_FILTERS, searchUrl } from '../domain/saved-search.ts';
import { statusOf, unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';

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
    search_description: describeSearch(subscriber, subscriber.search ?? NO_FILTERS),
    search_url: searchUrl(publicUrl, subscriber, subscriber.search ?? NO_FILTERS),
  };
}
