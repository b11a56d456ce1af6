/**
 * The `events` SearchIndex: its schema and how a stored event becomes an index document. The document keeps
 * the whole stored event (so answers need no store read) plus derived fields: the `start` instant,
 * `location`, USD prices for filtering with `usd_rates` (the dated rates they were converted with, which every
 * answer drawn from the document converts with too, so a card reads in its filter's unit), `popularity` (the
 * log-space score; see domain/popularity.ts), `country_city` (facet key behind citiesByCountry) and
 * `aggregate_version` (projector idempotency).
 */
import type { IndexDocument, IndexSchema } from '@evently/platform';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { BUNDLED_RATES, ratesFor, usdPriceRange, type RateTable } from '../../domain/currency.ts';
import { withCanonicalFields } from '../../domain/offers/canonical-view.ts';
import { offerInUsd, offersUsdRange } from '../../domain/offers/offer.ts';
import { ANSWER_FRAGMENTS } from './answer-fragments.ts';

export const EVENTS_INDEX = 'events';

export const eventsIndexSchema: IndexSchema = {
  name: EVENTS_INDEX,
  fields: {
    name: { type: 'text', boost: 3, sortable: true },
    unique_title: { type: 'text', boost: 3 },
    description: { type: 'text', boost: 1 },
    venue_name: { type: 'text', boost: 2 },
    tags: { type: 'text', boost: 2 },
    // Words with a city, ranked by the name then by date, read the city's rows in date order (decision 021).
    city: { type: 'keyword', searchable: true, boost: 2, sortedBy: ['start'] },
    country: { type: 'keyword' },
    // "A category by price" listings stop after their page (decision 021).
    category: { type: 'keyword', sortedBy: ['price_usd_min'] },
    source: { type: 'keyword' },
    country_city: { type: 'keyword' },
    price_usd_min: { type: 'number' },
    price_usd_max: { type: 'number' },
    popularity: { type: 'number' },
    start: { type: 'date' },
    location: { type: 'geo' },
  },
  // A list card and a map pin per event, rendered at write time (answer-fragments.ts, decision 024 addenda).
  fragments: ANSWER_FRAGMENTS,
};

export const COUNTRY_CITY_SEPARATOR = ' | ';

export interface EventIndexDocument extends IndexDocument, StoredEvent {
  start: string;
  location: { lat: number; lon: number } | null;
  price_usd_min: number | null;
  price_usd_max: number | null;
  usd_rates: RateTable;
  popularity: number;
  country_city: string | null;
  aggregate_version: number;
}

export function toIndexDocument(
  stored: StoredEvent,
  aggregateVersion: number,
  rates: RateTable = BUNDLED_RATES,
): EventIndexDocument {
  // A canonical event of several offers is indexed with its merged fields, and its USD range spans
  // every offer, so price filters, the price sort and the facet use the cheapest offer.
  const merged = withCanonicalFields(stored);
  const usdRates = ratesFor([merged.currency, ...(merged.offers ?? []).map((offer) => offer.currency)], rates);
  const event = merged.offers
    ? { ...merged, offers: merged.offers.map((offer) => offerInUsd(offer, usdRates)) }
    : merged;
  const usd =
    event.offers && event.offers.length > 1
      ? offersUsdRange(event.offers)
      : usdPriceRange(event.min_price, event.max_price, event.currency, usdRates);
  return {
    ...event,
    usd_rates: usdRates,
    start: event.start_utc,
    location:
      event.latitude !== null && event.longitude !== null ? { lat: event.latitude, lon: event.longitude } : null,
    price_usd_min: usd.min,
    price_usd_max: usd.max,
    popularity: event.popularity_log,
    country_city: event.country && event.city ? `${event.country}${COUNTRY_CITY_SEPARATOR}${event.city}` : null,
    aggregate_version: aggregateVersion,
  };
}
