/** Date display rules of spec 01 §5. */
import { dateTimeFormat, EVENT_DATE_FIELDS } from './date-time-format.ts';

/** Where a date is shown: the event card says 'Available Now' for a missing date, everywhere else says 'TBA'. */
export type DateContext = 'card' | 'detail';

const YEARS_AHEAD_LIMIT = 3;
const YEARS_BEHIND_LIMIT = 1;

export function parseEventDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Sources sometimes send placeholder years (1900, 2099) for "date to be announced"; such dates are shown as
 * 'Date TBA' rather than as a real day.
 */
export function isImplausibleYear(date: Date, now: Date): boolean {
  const difference = date.getFullYear() - now.getFullYear();
  return difference > YEARS_AHEAD_LIMIT || difference < -YEARS_BEHIND_LIMIT;
}

function missingDateText(context: DateContext): string {
  return context === 'card' ? 'Available Now' : 'TBA';
}

export interface DateFormatOptions {
  context: DateContext;
  now?: Date;
  locale?: string;
  /** The zone to read the instant in: the venue's (event.timezone) for event times, else the visitor's. */
  timeZone?: string;
  /** Names the clock after the time ("8:30 PM EST", "8:30 PM local time"), so a visitor elsewhere knows whose it is. */
  showZone?: boolean;
}

function eventDateFormat(options: Pick<DateFormatOptions, 'locale' | 'timeZone'>): Intl.DateTimeFormat {
  return dateTimeFormat(options.locale ?? 'en-US', { ...EVENT_DATE_FIELDS, timeZone: options.timeZone });
}

/** e.g. "Sat, Nov 21, 2026" in the visitor's time zone. */
export function formatEventDate(value: string | null | undefined, options: DateFormatOptions): string {
  const date = parseEventDate(value);
  if (!date) return missingDateText(options.context);
  if (isImplausibleYear(date, options.now ?? new Date())) return 'Date TBA';
  return eventDateFormat(options).format(date);
}

/** e.g. "7:30 PM" or "7:30 PM local time"; follows the same missing and implausible rules as the date. */
export function formatEventTime(value: string | null | undefined, options: DateFormatOptions): string {
  const date = parseEventDate(value);
  if (!date) return missingDateText(options.context);
  if (isImplausibleYear(date, options.now ?? new Date())) return 'Date TBA';
  const locale = options.locale ?? 'en-US';
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: options.timeZone }).format(date);
  return options.showZone ? `${time} ${zoneLabel(date, locale, options.timeZone)}` : time;
}

/** A bare offset: what Intl gives for a zone the locale has no abbreviation for ("GMT+11", "GMT-3", "UTC+5:30"). */
const OFFSET_ONLY = /^(GMT|UTC)[+\-\u2212]/;

/**
 * The zone's short name where the locale has one people read ("EST", "PDT", "GMT"); otherwise a bare offset
 * such as "GMT+11" says little to most visitors, so the time is called the venue's "local time" (the venue is
 * shown beside it), or "your time" when the event has no zone and the visitor's own clock is used.
 */
function zoneLabel(date: Date, locale: string, timeZone: string | undefined): string {
  const name = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (name && !OFFSET_ONLY.test(name)) return name;
  return timeZone ? 'local time' : 'your time';
}

export interface DateBlock {
  month: string;
  day: string;
}

/** The card's calendar tile ("DEC" over "5") in the given zone; none for a missing or placeholder date. */
export function dateBlock(
  value: string | null | undefined,
  options: Omit<DateFormatOptions, 'context'>,
): DateBlock | undefined {
  const date = parseEventDate(value);
  if (!date || isImplausibleYear(date, options.now ?? new Date())) return undefined;
  const parts = eventDateFormat(options).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { month: part('month').toUpperCase(), day: part('day') };
}

/** Date and time together ("Sat, Nov 21, 2026 · 7:30 PM"), or the single fallback text when there is none. */
export function formatEventDateTime(value: string | null | undefined, options: DateFormatOptions): string {
  const day = formatEventDate(value, options);
  if (!parseEventDate(value) || day === 'Date TBA') return day;
  return `${day} · ${formatEventTime(value, options)}`;
}
