/**
 * The "upcoming" bound of listings, rounded down to the minute. `upcomingSince(now)` alone has millisecond
 * precision, so every request carried its own bound and the search engine's totals and facet caches (keyed
 * by the query) never hit: at a million events each listing recounted its matches. With the bound rounded,
 * every request of the same minute asks the same question. The cost: an event leaves listings up to a
 * minute after its two-hour grace, never before.
 */
import { upcomingSince } from '../../domain/upcoming.ts';

const MINUTE_MS = 60_000;

export function upcomingCutoff(now: Date): string {
  return upcomingSince(new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS));
}
