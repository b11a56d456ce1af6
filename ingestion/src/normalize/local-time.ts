/**
 * Wall-clock times at a venue -> UTC instants, with the platform's ICU time-zone data (no library): sources
 * often give a local date and time plus an IANA zone instead of an instant.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:mm:ss) at `instant` in `timeZone`, as feeds print them. */
export function utcToLocal(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * The UTC instant of `localDate` (YYYY-MM-DD) at `localTime` (HH:mm[:ss], midnight when absent) in `timeZone`.
 * A wall time skipped by a DST jump resolves with the offset before the jump. Null when a part is unreadable.
 */
export function localToUtc(localDate: string, localTime: string | null | undefined, timeZone: string): Date | null {
  const date = LOCAL_DATE.exec(localDate);
  if (!date) return null;
  const time = localTime ? LOCAL_TIME.exec(localTime) : null;
  if (localTime && !time) return null;
  const wall = Date.UTC(
    Number(date[1]),
    Number(date[2]) - 1,
    Number(date[3]),
    Number(time?.[1] ?? 0),
    Number(time?.[2] ?? 0),
    Number(time?.[3] ?? 0),
  );
  if (!Number.isFinite(wall)) return null;
  // Two passes: the offset at the first guess may differ from the offset at the real instant near a DST change.
  const firstGuess = wall - offsetAt(wall, timeZone);
  const secondOffset = offsetAt(firstGuess, timeZone);
  return new Date(wall - secondOffset);
}
