import { parseEventDate } from '../../lib/format/date.ts';
import { eventStart, type VisitorEvent } from '../../lib/format/event.ts';

/** Spec 01 §4: popular events whose start is more than two hours past drop out, rechecked every 60 s. */
export const POPULAR_EXPIRY_MS = 2 * 60 * 60 * 1000;
export const POPULAR_RECHECK_MS = 60_000;

export function isPopularStillShown(event: VisitorEvent, now: number): boolean {
  const start = parseEventDate(eventStart(event));
  // An event without a readable start cannot be judged stale, so it stays.
  if (!start) return true;
  return start.getTime() + POPULAR_EXPIRY_MS >= now;
}

export function currentPopular(events: readonly VisitorEvent[], now: number): VisitorEvent[] {
  return events.filter((event) => isPopularStillShown(event, now));
}
