/** One Fever plan -> one outcome per session (each session is an event with its own date and link). */
import { feverCategory } from '../../normalize/category-map.ts';
import { isValidTimeZone, localToUtc } from '../../normalize/local-time.ts';
import {
  checkedEvent,
  coordinate,
  httpUrl,
  priceValue,
  quarantine,
  unusableDateReason,
  type NormalizeOutcome,
} from '../../normalize/outcome.ts';
import { cityName, cleanText, countryName } from '../../normalize/place-names.ts';
import { feverPlanSchema, feverSessionSchema, type FeverPlan } from './fever-payload.ts';

export const FEVER_SOURCE = 'fever';

const CANCELLED = new Set(['canceled', 'cancelled']);
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

export const feverExternalId = (planId: string, sessionId: string): string => `${planId}:${sessionId}`;

export function isGiftCard(plan: FeverPlan): boolean {
  return Boolean(plan.is_gift_card) || /gift/i.test(plan.category ?? '') || /gift\s*card/i.test(plan.name ?? '');
}

/** An ISO time with an offset is an instant; without one it is wall time at the venue. */
function instant(value: string | null | undefined, timeZone: string | null): Date | null {
  const textValue = cleanText(value);
  if (!textValue) return null;
  if (HAS_OFFSET.test(textValue)) {
    const parsed = new Date(textValue);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  const [date, time] = textValue.split('T');
  return date ? localToUtc(date, time ?? null, timeZone ?? 'UTC') : null;
}

function prices(plan: FeverPlan): { min: number | null; max: number | null; currency: string | null } {
  const price = plan.price;
  if (price === null || price === undefined) return { min: null, max: null, currency: null };
  if (typeof price === 'object') {
    const min = priceValue(price.amount);
    const max = priceValue(price.max_amount) ?? min;
    return { min, max, currency: cleanText(price.currency ?? plan.currency)?.toUpperCase() ?? null };
  }
  const amount = priceValue(price);
  return { min: amount, max: amount, currency: cleanText(plan.currency)?.toUpperCase() ?? null };
}

export function normalizeFeverPlan(raw: unknown): NormalizeOutcome[] {
  const parsed = feverPlanSchema.safeParse(raw);
  if (!parsed.success) {
    const id = (raw as { id?: unknown } | null)?.id;
    return [
      quarantine(
        FEVER_SOURCE,
        typeof id === 'string' || typeof id === 'number' ? String(id) : null,
        'not a Fever plan object',
        raw,
      ),
    ];
  }
  const plan = parsed.data;
  const name = cleanText(plan.name);
  if (!name) return [quarantine(FEVER_SOURCE, plan.id, 'no name', raw)];
  const sessions = plan.sessions ?? [];
  if (sessions.length === 0) return [quarantine(FEVER_SOURCE, plan.id, 'no date', raw)];

  const place = plan.place;
  const zoneCandidate = cleanText(place?.timezone);
  const timeZone = isValidTimeZone(zoneCandidate) ? zoneCandidate : null;
  let latitude = coordinate(place?.latitude, 90);
  let longitude = coordinate(place?.longitude, 180);
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) {
    latitude = null;
    longitude = null;
  }
  const price = prices(plan);
  const giftCard = isGiftCard(plan);
  const category = giftCard ? 'Gift Cards' : feverCategory(plan.category);
  const planCancelled = CANCELLED.has((plan.status ?? '').toLowerCase());
  const tags = [
    ...new Set([cleanText(plan.category), cleanText(plan.partner)].filter((tag): tag is string => Boolean(tag))),
  ];

  return sessions.map((rawSession): NormalizeOutcome => {
    const session = feverSessionSchema.safeParse(rawSession);
    if (!session.success) return quarantine(FEVER_SOURCE, plan.id, 'session without an id', raw);
    const externalId = feverExternalId(plan.id, session.data.id);
    if (planCancelled || CANCELLED.has((session.data.status ?? '').toLowerCase())) {
      return { kind: 'cancelled', source: FEVER_SOURCE, externalId };
    }
    const start = instant(session.data.starts_at, timeZone);
    const dateProblem = unusableDateReason(start);
    if (dateProblem || !start) return quarantine(FEVER_SOURCE, externalId, dateProblem ?? 'no date', raw);
    const end = instant(session.data.ends_at, timeZone);
    const originalUrl = httpUrl(plan.url);
    return checkedEvent(
      {
        source: FEVER_SOURCE,
        external_id: externalId,
        name,
        description: cleanText(plan.description),
        category,
        start_utc: start.toISOString(),
        end_utc: end && end.getTime() >= start.getTime() ? end.toISOString() : null,
        timezone: timeZone,
        venue_name: cleanText(place?.name),
        address: cleanText(place?.address),
        city: cityName(place?.city?.name),
        country: countryName(place?.city?.country),
        latitude,
        longitude,
        min_price: price.min,
        max_price: price.max,
        ...(price.currency && price.currency.length === 3 ? { currency: price.currency } : {}),
        image_url: httpUrl(plan.cover_image),
        purchase_url: httpUrl(session.data.share_url) ?? originalUrl,
        original_url: originalUrl ?? httpUrl(session.data.share_url),
        tags,
        organizer: cleanText(plan.partner),
        event_type: cleanText(plan.category),
        status: 'active',
      },
      raw,
    );
  });
}
