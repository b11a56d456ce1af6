/**
 * The catalogue questions of one digest batch. Subscribers with the same search (same filters, place and
 * radius: `searchKey`) share one answer, so a batch asks the catalogue once per distinct search however many
 * addresses saved it. Answers are kept for the batch only: the next batch asks again.
 */
import type { DigestEvent } from '../domain/digest-event.ts';
import { NO_FILTERS, searchKey } from '../domain/saved-search.ts';
import type { Subscriber } from '../domain/subscriber.ts';
import type { SubscriptionsContext } from './context.ts';

export const DIGEST_MAX_EVENTS = 10;
const DIGEST_WINDOW_MS = 7 * 86_400_000;

export interface DigestSearches {
  /** The subscriber's events of the coming week, best first; null when their city cannot be placed. */
  eventsFor(subscriber: Subscriber): Promise<DigestEvent[] | null>;
  /** How many distinct searches were put to the catalogue. */
  readonly asked: number;
}

/** The grouping key of a subscriber; rows from before saved searches are plain city searches. */
export function subscriberSearchKey(subscriber: Subscriber): string {
  return subscriber.search_key ?? searchKey(subscriber, subscriber.search ?? NO_FILTERS);
}

export function createDigestSearches(ctx: SubscriptionsContext): DigestSearches {
  const answers = new Map<string, Promise<DigestEvent[] | null>>();

  async function ask(subscriber: Subscriber): Promise<DigestEvent[] | null> {
    const search = subscriber.search ?? NO_FILTERS;
    const point = search.centre ?? (await ctx.catalogue.cityCoordinates(subscriber.city, subscriber.country));
    if (!point) return null;
    const from = ctx.clock.now();
    return ctx.catalogue.matching({
      keyword: search.keyword,
      category: search.category,
      minPrice: search.min_price,
      maxPrice: search.max_price,
      datePreset: search.date_preset,
      lat: point.lat,
      lon: point.lon,
      radiusKm: subscriber.radius_km,
      from,
      to: new Date(from.getTime() + DIGEST_WINDOW_MS),
      limit: DIGEST_MAX_EVENTS,
    });
  }

  return {
    eventsFor(subscriber) {
      const key = subscriberSearchKey(subscriber);
      let answer = answers.get(key);
      if (!answer) {
        answer = ask(subscriber);
        // A failed question (the catalogue was down) is asked again by the next subscriber, not remembered.
        answer.catch(() => answers.delete(key));
        answers.set(key, answer);
      }
      return answer;
    },
    get asked() {
      return answers.size;
    },
  };
}
