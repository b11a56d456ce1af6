import type { VisitorEvent } from './event.ts';

/**
 * A list item of `GET /api/events?fields=card` (decision 024): the fields an event card, the list, split and
 * map views, the map popup and the Buy Tickets flow read. The event page asks for the whole event by id.
 * Cards are typed with it so that reading a field the list answer lacks fails to compile.
 */
export type CardEvent = Pick<
  VisitorEvent,
  | 'id'
  | 'name'
  | 'unique_title'
  | 'description'
  | 'unique_description'
  | 'category'
  | 'source'
  | 'date'
  | 'timezone'
  | 'venue_name'
  | 'city'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'min_price'
  | 'max_price'
  | 'currency'
  | 'usd_rate'
  | 'usd_rate_date'
  | 'formatted_price'
  | 'price_note'
  | 'image_url'
  | 'purchase_url'
  | 'affiliate_url'
  | 'original_url'
  | 'external_id'
  | 'distance_km'
  | 'offer_count'
  | 'price_from_usd'
>;
