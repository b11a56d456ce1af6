/**
 * Event times in the digest read as the venue's clock, with the zone's offset so a subscriber knows whose clock
 * it is: "Fri 5 Dec · 20:00 GMT-6". The site shows venue-local times too; a digest in UTC ("6:00 PM UTC" for an
 * Austin show) made people do the arithmetic. Events whose source gave no valid zone fall back to UTC, labelled
 * as such, which is the honest reading of what we stored.
 */

export const DATE_TBA = 'Date to be announced';

/**
 * One formatter per zone, kept: building an Intl.DateTimeFormat costs far more than formatting with it, and a
 * digest batch formats thousands of times over a few hundred zones. Null marks a zone Intl does not know.
 * Zones come from feeds, so the map is emptied past a bound rather than grown without end.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const KEPT_ZONES = 1000;

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
  } catch {
    formatter = null;
  }
  if (formatters.size >= KEPT_ZONES) formatters.clear();
  formatters.set(zone, formatter);
  return formatter;
}

function partsIn(date: Date, formatter: Intl.DateTimeFormat): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

export interface VenueTime {
  /** "Fri 5 Dec" */
  day: string;
  /** "20:00 GMT-6" */
  time: string;
  /** "Fri 5 Dec · 20:00 GMT-6" */
  full: string;
  /** "DEC" and "5" for the calendar tile. */
  month: string;
  dayOfMonth: string;
}

export function venueTime(iso: string | null | undefined, zone: string | null | undefined): VenueTime | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const zoned = zone ? formatterFor(zone) : null;
  const known = zoned ? zone : null;
  const parts = partsIn(date, zoned ?? (formatterFor('UTC') as Intl.DateTimeFormat));
  // Intl names UTC itself "GMT"; say "UTC" when we fell back, so it does not look like a London venue.
  // en-GB writes a zero offset "GMT+0"; "GMT" is how people read it.
  const offset = known ? (parts.timeZoneName ?? 'GMT').replace(/^GMT\+0$/, 'GMT') : 'UTC';
  const day = `${parts.weekday} ${parts.day} ${parts.month}`;
  const time = `${parts.hour}:${parts.minute} ${offset}`;
  return { day, time, full: `${day} · ${time}`, month: (parts.month ?? '').toUpperCase(), dayOfMonth: parts.day ?? '' };
}

/** The one-line form used in both parts of the digest. */
export function venueTimeText(iso: string | null | undefined, zone: string | null | undefined): string {
  return venueTime(iso, zone)?.full ?? DATE_TBA;
}
