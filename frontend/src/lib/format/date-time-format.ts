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

const zoneValidity = new Map<string, boolean>();

/** Whether the runtime knows an IANA zone name; asked once per zone. */
export function isKnownTimeZone(zone: string): boolean {
  let known = zoneValidity.get(zone);
  if (known === undefined) {
    try {
      dateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zoneValidity.set(zone, known);
  }
  return known;
}
