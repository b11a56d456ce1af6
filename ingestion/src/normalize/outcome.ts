/**
 * What normalising one raw record yields: an event to upsert, a cancellation to apply, or a reason to
 * quarantine it. Normalisers never throw on bad data; the runner decides what each outcome does.
 */
import { sourceEventSchema, type SourceEventInput } from '@evently/events';

export type NormalizeOutcome =
  | { kind: 'event'; event: SourceEventInput }
  | { kind: 'cancelled'; source: string; externalId: string }
  | { kind: 'quarantine'; source: string; externalId: string | null; reason: string; raw: unknown };

export const quarantine = (
  source: string,
  externalId: string | null,
  reason: string,
  raw: unknown,
): NormalizeOutcome => ({
  kind: 'quarantine',
  source,
  externalId,
  reason,
  raw,
});

/** The last check before an event leaves the normaliser: the events module's own contract. */
export function checkedEvent(event: SourceEventInput, raw: unknown): NormalizeOutcome {
  const parsed = sourceEventSchema.safeParse(event);
  if (parsed.success) return { kind: 'event', event };
  const issue = parsed.error.issues[0];
  const reason = issue ? `invalid ${issue.path.join('.') || 'record'}: ${issue.message}` : 'invalid record';
  return quarantine(event.source, event.external_id || null, reason, raw);
}

const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

/** Null when the instant is usable, otherwise the quarantine reason. */
export function unusableDateReason(instant: Date | null): string | null {
  if (!instant || Number.isNaN(instant.getTime())) return 'no date';
  const year = instant.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) return `date in the wrong century (${instant.toISOString()})`;
  return null;
}

/** A finite coordinate within range, from a number or a numeric string (Ticketmaster sends strings). */
export function coordinate(value: unknown, limit: 90 | 180): number | null {
  const number =
    typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** An absolute http(s) URL, or null: a broken link is dropped rather than costing the whole event. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  return URL.canParse(trimmed) ? trimmed : null;
}

/** A non-negative finite price, or null. */
export function priceValue(value: unknown): number | null {
  const number =
    typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number * 100) / 100 : null;
}
