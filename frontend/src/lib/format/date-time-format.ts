/**
 * Shared `Intl.DateTimeFormat` instances. Building one costs far more than formatting with it (locale and time
 * zone data are resolved each time): a home page of 100 cards built over 400 of them, about 0.8 s of a phone's
 * main thread under Lighthouse's 4x CPU slowdown (docs/performance.md). The keys are few (a handful of option
 * sets times the venues' zones), so the cache is never trimmed.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * The event date's fields ("Sat, Nov 21, 2026"). The card's calendar tile reads its month and day from the same
 * formatter's parts, and the zone check below builds this one too, so a zone costs two formatters (this and the
 * time's) instead of five: at 4x CPU slowdown their construction was still home's largest share of app time.
 */
export const EVENT_DATE_FIELDS = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
} as const satisfies Intl.DateTimeFormatOptions;

const zoneValidity = new Map<string, boolean>();

/** Whether the runtime knows an IANA zone name; asked once per zone. */
export function isKnownTimeZone(zone: string): boolean {
  let known = zoneValidity.get(zone);
  if (known === undefined) {
    try {
      dateTimeFormat('en-US', { ...EVENT_DATE_FIELDS, timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zoneValidity.set(zone, known);
  }
  return known;
}
