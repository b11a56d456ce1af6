/**
 * Ticketmaster serves at most `size * page < 1000` results per query ("deep paging" limit). To read a scope
 * with more events than that, the time range is cut into windows each holding fewer than the limit; a window
 * found too full on its first page is split again in proportion to its total.
 */
export interface TimeWindow {
  /** Inclusive bounds, whole seconds, ISO-8601 UTC. */
  from: string;
  to: string;
}

/** Ticketmaster's `startDateTime`/`endDateTime` format: `YYYY-MM-DDTHH:mm:ssZ` (no milliseconds). */
export function ticketmasterDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function initialWindow(runStartedAt: Date, horizonDays: number): TimeWindow {
  const from = new Date(Math.floor(runStartedAt.getTime() / 60_000) * 60_000);
  const to = new Date(from.getTime() + horizonDays * 86_400_000);
  return { from: ticketmasterDateTime(from), to: ticketmasterDateTime(to) };
}

export function windowSeconds(window: TimeWindow): number {
  return (Date.parse(window.to) - Date.parse(window.from)) / 1000 + 1;
}

/**
 * Splits `window` into enough consecutive, non-overlapping windows that each should hold about 80 % of the
 * limit (events are rarely spread evenly; a part that is still too full is split again when it is read).
 */
export function splitWindow(
  window: TimeWindow,
  totalElements: number,
  limit: number,
  minSeconds: number,
): TimeWindow[] {
  const seconds = windowSeconds(window);
  const wanted = Math.max(2, Math.ceil(totalElements / (limit * 0.8)));
  const parts = Math.max(1, Math.min(wanted, Math.floor(seconds / minSeconds)));
  if (parts < 2) return [window];
  const start = Date.parse(window.from) / 1000;
  const length = Math.floor(seconds / parts);
  const windows: TimeWindow[] = [];
  for (let index = 0; index < parts; index += 1) {
    const from = start + index * length;
    const to = index === parts - 1 ? Date.parse(window.to) / 1000 : from + length - 1;
    windows.push({ from: ticketmasterDateTime(new Date(from * 1000)), to: ticketmasterDateTime(new Date(to * 1000)) });
  }
  return windows;
}
