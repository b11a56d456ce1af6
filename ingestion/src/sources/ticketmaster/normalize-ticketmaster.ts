/** One Ticketmaster Discovery event -> one SourceEventInput, a cancellation, or a quarantine reason. */
import { bestImageUrl, type CandidateImage } from '../../normalize/best-image.ts';
import { ticketmasterCategory } from '../../normalize/category-map.ts';
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
import { ticketmasterEventSchema, type TicketmasterEvent } from './ticketmaster-payload.ts';

export const TICKETMASTER_SOURCE = 'ticketmaster';

/** Ticketmaster writes both spellings. */
const CANCELLED_CODES = new Set(['canceled', 'cancelled']);

type Venue = NonNullable<NonNullable<TicketmasterEvent['_embedded']>['venues']>[number];

function startInstant(event: TicketmasterEvent, timeZone: string | null): Date | null {
  const start = event.dates?.start;
  if (start?.dateTime) {
    const instant = new Date(start.dateTime);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  if (!start?.localDate) return null;
  // Without a zone the local wall time is the best we have; it is stored as if it were UTC.
  return localToUtc(start.localDate, start.noSpecificTime ? null : start.localTime, timeZone ?? 'UTC');
}

function endInstant(event: TicketmasterEvent, timeZone: string | null): Date | null {
  const end = event.dates?.end;
  if (end?.dateTime) {
    const instant = new Date(end.dateTime);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return end?.localDate ? localToUtc(end.localDate, end.localTime, timeZone ?? 'UTC') : null;
}

/** The public on-sale instant, or null when absent or unreadable (a bad value must not quarantine the event). */
function onSaleInstant(event: TicketmasterEvent): string | null {
  const value = cleanText(event.sales?.public?.startDateTime);
  const instant = value ? new Date(value) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : null;
}

function prices(event: TicketmasterEvent): { min: number | null; max: number | null; currency: string | undefined } {
  const ranges = event.priceRanges ?? [];
  const standard = ranges.find((range) => range.type === 'standard') ?? ranges[0];
  if (!standard) return { min: null, max: null, currency: undefined };
  const min = priceValue(standard.min);
  const max = priceValue(standard.max);
  const currency = cleanText(standard.currency)?.toUpperCase();
  return { min: min ?? max, max: max ?? min, currency: currency && currency.length === 3 ? currency : undefined };
}

function address(venue: Venue | undefined): string | null {
  const parts = [venue?.address?.line1, venue?.address?.line2, venue?.postalCode].map(cleanText).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function normalizeTicketmasterEvent(raw: unknown): NormalizeOutcome {
  const parsed = ticketmasterEventSchema.safeParse(raw);
  if (!parsed.success) {
    const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : null;
    return quarantine(TICKETMASTER_SOURCE, id, 'not a Ticketmaster event object', raw);
  }
  const event = parsed.data;
  if (CANCELLED_CODES.has((event.dates?.status?.code ?? '').toLowerCase())) {
    return { kind: 'cancelled', source: TICKETMASTER_SOURCE, externalId: event.id };
  }
  const name = cleanText(event.name);
  if (!name) return quarantine(TICKETMASTER_SOURCE, event.id, 'no name', raw);

  const venue = event._embedded?.venues?.[0];
  const zoneCandidate = cleanText(event.dates?.timezone) ?? cleanText(venue?.timezone);
  const timeZone = isValidTimeZone(zoneCandidate) ? zoneCandidate : null;
  const start = startInstant(event, timeZone);
  const dateProblem = unusableDateReason(start);
  if (dateProblem || !start) return quarantine(TICKETMASTER_SOURCE, event.id, dateProblem ?? 'no date', raw);
  const end = endInstant(event, timeZone);

  const classification = event.classifications?.find((item) => item.primary) ?? event.classifications?.[0];
  const segment = cleanText(classification?.segment?.name);
  const genre = cleanText(classification?.genre?.name);
  const subGenre = cleanText(classification?.subGenre?.name);
  let latitude = coordinate(venue?.location?.latitude, 90);
  let longitude = coordinate(venue?.location?.longitude, 180);
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) {
    latitude = null;
    longitude = null;
  }
  const price = prices(event);
  const url = httpUrl(event.url);
  const images = (event.images ?? []).filter((image): image is CandidateImage => Boolean(image));

  return checkedEvent(
    {
      source: TICKETMASTER_SOURCE,
      external_id: event.id,
      name,
      description: cleanText(event.description) ?? cleanText(event.info) ?? null,
      price_note: cleanText(event.pleaseNote),
      category: ticketmasterCategory(segment, genre),
      start_utc: start.toISOString(),
      end_utc: end && end.getTime() >= start.getTime() ? end.toISOString() : null,
      on_sale_utc: onSaleInstant(event),
      timezone: timeZone,
      venue_name: cleanText(venue?.name),
      address: address(venue),
      city: cityName(venue?.city?.name),
      country: countryName(venue?.country?.countryCode ?? venue?.country?.name),
      latitude,
      longitude,
      min_price: price.min,
      max_price: price.max,
      ...(price.currency ? { currency: price.currency } : {}),
      image_url: bestImageUrl(images),
      purchase_url: url,
      original_url: url,
      tags: [
        ...new Set([segment, genre, subGenre].filter((tag): tag is string => Boolean(tag) && tag !== 'Undefined')),
      ],
      organizer: cleanText(event.promoter?.name),
      event_type: genre && genre !== 'Undefined' ? genre : segment,
      status: 'active',
    },
    raw,
  );
}
