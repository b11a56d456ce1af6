/**
 * The words of the unsubscribe pages. A plain city digest is "the weekly digest for this city"; a saved search
 * is named in words ("Jazz under $50 near Berlin"), because one address may hold several digests and the
 * visitor should see which one the link stops.
 */
import { describeSearch } from '../contracts/search-words.ts';
import { hasFilters, NO_FILTERS } from '../domain/saved-search.ts';
import type { Subscriber } from '../domain/subscriber.ts';

const CITY_DIGEST = 'for this city';

export type UnsubscribePageState = 'subscribed' | 'unsubscribed' | 'already_inactive' | 'unknown_token';

/** Which digest a link stops: "for this city", or the saved search's name in quotes. */
export function digestNamed(subscriber: Pick<Subscriber, 'country' | 'city' | 'radius_km' | 'search'>): string {
  if (!hasFilters(subscriber.search)) return CITY_DIGEST;
  return `for “${describeSearch(subscriber, subscriber.search ?? NO_FILTERS)}”`;
}

export function unsubscribePageTexts(
  appName: string,
  state: UnsubscribePageState,
  subscriber: Pick<Subscriber, 'country' | 'city' | 'radius_km' | 'search'> | null,
): readonly [heading: string, body: string] {
  const which = subscriber ? digestNamed(subscriber) : CITY_DIGEST;
  switch (state) {
    case 'subscribed':
      return ['Unsubscribe?', `Press Unsubscribe to stop the weekly ${appName} digest ${which}.`];
    case 'unsubscribed':
      return ['You have been unsubscribed', `You will no longer receive the weekly ${appName} digest ${which}.`];
    case 'already_inactive':
      return [
        'You are already unsubscribed',
        which === CITY_DIGEST
          ? 'This subscription was already inactive; nothing more to do.'
          : `The weekly ${appName} digest ${which} was already stopped; nothing more to do.`,
      ];
    case 'unknown_token':
      return ['Link not recognised', 'This unsubscribe link is not valid or the subscription no longer exists.'];
  }
}
