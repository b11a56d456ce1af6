/**
 * The catalogue questions of one digest batch. Subscribers with the same search (same filters, place and
 * radius: `searchKey`) share one answer, so a batch asks the catalogue once per distinct search however many
 * addresses saved it. Answers are kept for the batch only: the next batch asks again.
 *
 * Questions can be asked ahead (`prefetch`) while the batch is still mailing earlier subscribers: the search
 * index answers them off the batch's thread (the embedded engine's reader threads, or the search cluster), so
 * the catalogue's time overlaps the sending instead of adding to it. A few run at once, enough to keep every
 * reader busy; the rest wait in order, and a question a subscriber is waiting for goes first.
 */
import type { DigestEvent } from '../domain/digest-event.ts';
import { NO_FILTERS, searchKey } from '../domain/saved-search.ts';
import type { Subscriber } from '../domain/subscriber.ts';
import type { SubscriptionsContext } from './context.ts';

export const DIGEST_MAX_EVENTS = 10;
const DIGEST_WINDOW_MS = 7 * 86_400_000;
/** Questions in flight at once: two per reader thread of a small host keeps each busy between answers. */
export const QUESTIONS_IN_FLIGHT = 4;

export interface DigestSearches {
  /** The subscriber's events of the coming week, best first; null when their city cannot be placed. */
  eventsFor(subscriber: Subscriber): Promise<DigestEvent[] | null>;
  /** Queues the questions of these subscribers' searches not asked yet, behind the ones already queued. */
  prefetch(subscribers: Subscriber[]): void;
  /** Questions queued or in flight. */
  readonly pending: number;
  /** How many distinct searches were put to the catalogue. */
  readonly asked: number;
  /** Drops the queued questions and waits for those in flight, so nothing outlives the batch. */
  stop(): Promise<void>;
}

/** The grouping key of a subscriber; rows from before saved searches are plain city searches. */
export function subscriberSearchKey(subscriber: Subscriber): string {
  return subscriber.search_key ?? searchKey(subscriber, subscriber.search ?? NO_FILTERS);
}

interface Question {
  subscriber: Subscriber;
  resolve: (answer: Promise<DigestEvent[] | null>) => void;
}

export function createDigestSearches(
  ctx: SubscriptionsContext,
  { inFlight = QUESTIONS_IN_FLIGHT }: { inFlight?: number } = {},
): DigestSearches {
  const answers = new Map<string, Promise<DigestEvent[] | null>>();
  const queued = new Map<string, Question>();
  const running = new Set<Promise<unknown>>();

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

  function startNext(): void {
    while (running.size < inFlight) {
      const next = queued.entries().next();
      if (next.done) return;
      const [key, question] = next.value;
      queued.delete(key);
      const answer = ask(question.subscriber);
      question.resolve(answer);
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => {
        running.delete(settled);
        startNext();
      });
    }
  }

  /** Puts a question at the front of the queue (a Map keeps insertion order). */
  function queueFirst(key: string, question: Question): void {
    const rest = [...queued];
    queued.clear();
    queued.set(key, question);
    for (const [restKey, other] of rest) queued.set(restKey, other);
  }

  /** The answer of the subscriber's search, queued (last, or first when someone waits for it) unless known. */
  function answerFor(subscriber: Subscriber, urgent: boolean): Promise<DigestEvent[] | null> {
    const key = subscriberSearchKey(subscriber);
    const known = answers.get(key);
    if (known) {
      const waiting = queued.get(key);
      if (urgent && waiting) queueFirst(key, waiting);
      return known;
    }
    const answer = new Promise<DigestEvent[] | null>((resolve) => {
      const question = { subscriber, resolve };
      if (urgent) queueFirst(key, question);
      else queued.set(key, question);
    });
    // A failed question (the catalogue was down) is asked again by the next subscriber, not remembered.
    answer.catch(() => answers.delete(key));
    answers.set(key, answer);
    startNext();
    return answer;
  }

  return {
    eventsFor: (subscriber) => answerFor(subscriber, true),
    prefetch(subscribers) {
      for (const subscriber of subscribers) void answerFor(subscriber, false);
    },
    get pending() {
      return queued.size + running.size;
    },
    get asked() {
      return answers.size - queued.size;
    },
    async stop() {
      for (const key of queued.keys()) answers.delete(key);
      queued.clear();
      await Promise.all(running);
    },
  };
}
