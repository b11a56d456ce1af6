/**
 * Sources name an event's start differently. This picks the first usable one, in the order the spec lists
 * them, and normalises it to a UTC ISO instant. A value without an offset is read in `timezone` when given
 * (the venue's zone), else as UTC; a bare date means midnight of that day.
 */
import { zonedDateTimeToUtc } from './time-zones.ts';

export const START_FIELDS = ['start_datetime', 'start_datetime_utc', 'start_date', 'date', 'event_date'] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

export function normaliseInstant(value: unknown, timezone?: string | null): string | null {
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : null;
  if (typeof value === 'number') {
    // Epoch seconds or milliseconds; anything under 1e11 is seconds (1e11 s is in the year 5138).
    const ms = Math.abs(value) < 1e11 ? value * 1000 : value;
    const date = new Date(ms);
    return Number.isFinite(date.getTime()) ? date.toISOString() : null;
  }
  if (typeof value !== 'string') return null;
  const raw = value.trim().replace(/^0025-/, '2025-');
  if (!raw) return null;
  const zone = timezone && isValidTimeZone(timezone) ? timezone : 'UTC';

  const dateOnly = DATE_ONLY.exec(raw);
  if (dateOnly) return fromParts(zone, Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]), 0, 0, 0);

  const local = LOCAL_DATE_TIME.exec(raw);
  if (local && !HAS_OFFSET.test(raw)) {
    return fromParts(
      zone,
      Number(local[1]),
      Number(local[2]),
      Number(local[3]),
      Number(local[4]),
      Number(local[5]),
      Number(local[6] ?? 0),
    );
  }
  const parsed = new Date(raw);
  return Number.isFinite(parsed.getTime()) ? parsed.toISOString() : null;
}

function fromParts(zone: string, y: number, mo: number, d: number, h: number, mi: number, s: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1) return null;
  return zonedDateTimeToUtc({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, zone).toISOString();
}

/** The start of a generic record (feed row, CSV line): the first of START_FIELDS that parses. */
export function startFromRecord(record: Record<string, unknown>, timezone?: string | null): string | null {
  // `start_datetime_utc` is explicitly UTC whatever the venue's zone.
  for (const field of START_FIELDS) {
    const zone = field === 'start_datetime_utc' ? 'UTC' : timezone;
    const instant = normaliseInstant(record[field], zone);
    if (instant) return instant;
  }
  return null;
}

/**
 * Zones found valid so far. Building an Intl.DateTimeFormat is costly, and every event of a list answer
 * checks its venue's zone. Only valid zones are kept, and at most
 * `KNOWN_ZONES_MAX`, so visitor headers of made-up or oddly cased names cannot grow it without bound.
 */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 2000;

export function isValidTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return true;
}
