/** How a subscriber leaves the module: the admin view carries contact data, the public one never does. */
import type { Stored } from '@evently/platform';
import { unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';

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
> & { unsubscribe_url: string };

export function toAdminView(subscriber: Stored<Subscriber>, publicUrl: string): AdminSubscriberView {
  return {
    id: subscriber.id,
    email: subscriber.email,
    name: subscriber.name,
    country: subscriber.country,
    city: subscriber.city,
    radius_km: subscriber.radius_km,
    is_active: subscriber.is_active,
    unsubscribe_token: subscriber.unsubscribe_token,
    unsubscribe_url: unsubscribeUrl(publicUrl, subscriber.unsubscribe_token),
    created_at: subscriber.created_at,
    updated_at: subscriber.updated_at,
    last_sent_at: subscriber.last_sent_at,
  };
}

/** The sign-up answer: enough for the UI, nothing a stranger could misuse (no e-mail, no token). */
export function toPublicView(subscriber: Stored<Subscriber>) {
  return {
    id: subscriber.id,
    name: subscriber.name,
    country: subscriber.country,
    city: subscriber.city,
    radius_km: subscriber.radius_km,
    is_active: subscriber.is_active,
  };
}
