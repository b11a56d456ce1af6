/**
 * Wall-clock arithmetic in IANA zones with only `Intl` (no tz library): what a UTC instant reads as in a zone,
 * and which UTC instant a wall-clock time in a zone is. DST gaps resolve forward, overlaps to the earlier.
 *
 * `Intl`'s answers are the costly part (each `formatToParts` builds an array of part objects), and listings ask
 * the same few questions on every request: the midnights of a date filter's days, and which day it is now in
 * the visitor's zone. Both are kept: a midnight depends only on the date and the zone, and a plain day (24
 * hours, one offset) holds exactly the instants from its midnight to the next.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export function wallClockIn(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of `zone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const wall = wallClockIn(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function zonedDateTimeToUtc(wall: WallClock, zone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Two passes settle on the offset in force at the target instant, also across a DST change.
  let guess = naive - zoneOffsetMs(new Date(naive), zone);
  guess = naive - zoneOffsetMs(new Date(guess), zone);
  return new Date(guess);
}

/** Calendar arithmetic on a date (no time): adds days across month and year ends. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Midnights and days kept at once: a date filter asks for a handful of days in a handful of zones. */
const MOST_KEPT = 4096;
const midnights = new Map<string, number>();

/** The first instant of `date` in `zone` (01:00 where the clocks skip midnight). */
export function midnightIn(date: CalendarDate, zone: string): Date {
  const key = `${zone} ${date.year} ${date.month} ${date.day}`;
  let instant = midnights.get(key);
  if (instant === undefined) {
    instant = zonedDateTimeToUtc({ ...date, hour: 0, minute: 0, second: 0 }, zone).getTime();
    if (midnights.size >= MOST_KEPT) midnights.delete(midnights.keys().next().value!);
    midnights.set(key, instant);
  }
  return new Date(instant);
}

interface PlainDay {
  date: CalendarDate;
  from: number;
  to: number;
}

/** The day last asked in each zone, when it is a plain one. */
const plainDays = new Map<string, PlainDay>();
const DAY_MS = 86_400_000;

/** The calendar date `instant` reads as in `zone`. */
export function dateIn(instant: Date, zone: string): CalendarDate {
  const at = instant.getTime();
  const known = plainDays.get(zone);
  if (known !== undefined && at >= known.from && at < known.to) return { ...known.date };
  const wall = wallClockIn(instant, zone);
  const date = { year: wall.year, month: wall.month, day: wall.day };
  const from = midnightIn(date, zone).getTime();
  const to = midnightIn(addDays(date, 1), zone).getTime();
  // Only a day without a clock change is kept: on one offset the wall date moves with the instant, so every
  // instant from this midnight to the next reads this date. A day with a change asks `Intl` each time.
  if (to - from === DAY_MS && zoneOffsetMs(new Date(from), zone) === zoneOffsetMs(new Date(to - 1000), zone)) {
    if (plainDays.size >= MOST_KEPT) plainDays.delete(plainDays.keys().next().value!);
    plainDays.set(zone, { date, from, to });
  }
  return { ...date };
}
