/**
 * Wall-clock arithmetic in IANA zones with only `Intl` (no tz library): what a UTC instant reads as in a zone,
 * and which UTC instant a wall-clock time in a zone is. DST gaps resolve forward, overlaps to the earlier.
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
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function midnightIn(date: { year: number; month: number; day: number }, zone: string): Date {
  return zonedDateTimeToUtc({ ...date, hour: 0, minute: 0, second: 0 }, zone);
}
