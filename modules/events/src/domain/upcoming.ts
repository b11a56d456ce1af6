/**
 * When an event stops being "upcoming": two hours after it starts. The spec drops popular events two hours
 * after their start (01 §4); the list uses the same rule so one event never shows in one place and not the
 * other, and so an event that began a moment ago is still there for late-comers. Filtering on the start
 * instant alone also lets the search engine serve the filter and the default date order from one index.
 */
export const UPCOMING_GRACE_MS = 2 * 3600 * 1000;

export function upcomingSince(now: Date): string {
  return new Date(now.getTime() - UPCOMING_GRACE_MS).toISOString();
}
