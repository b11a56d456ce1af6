/**
 * schema.org `Event` for an event page, typed with `schema-dts`, shaped after what Google's Event rich result
 * reads: name, start (and end), a Place with a PostalAddress, offers with price, currency, availability and
 * the buy URL, the image, the organizer when the source names one, and an aggregateRating once approved
 * reviews exist.
 */
import type { PublicEvent } from '@evently/events';
import type { AggregateOffer, Event, Offer, WithContext } from 'schema-dts';

export function eventJsonLd(event: PublicEvent, pageUrl: string): WithContext<Event> {
  const buyUrl = event.affiliate_url ?? event.purchase_url ?? pageUrl;
  const description = (event.unique_description ?? event.description ?? '').trim();
  const availability = 'https://schema.org/InStock' as const;
  const offers: Offer | AggregateOffer | undefined =
    event.min_price === null
      ? undefined
      : event.max_price !== null && event.max_price > event.min_price
        ? {
            '@type': 'AggregateOffer',
            lowPrice: event.min_price,
            highPrice: event.max_price,
            priceCurrency: event.currency,
            availability,
            url: buyUrl,
          }
        : { '@type': 'Offer', price: event.min_price, priceCurrency: event.currency, availability, url: buyUrl };

  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.unique_title ?? event.name,
    url: pageUrl,
    startDate: event.date,
    ...(event.end_date ? { endDate: event.end_date } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(description ? { description } : {}),
    ...(event.image_url ? { image: [event.image_url] } : {}),
    location: {
      '@type': 'Place',
      name: event.venue_name ?? event.city ?? 'Venue to be announced',
      address: {
        '@type': 'PostalAddress',
        ...(event.address ? { streetAddress: event.address } : {}),
        ...(event.city ? { addressLocality: event.city } : {}),
        ...(event.country ? { addressCountry: event.country } : {}),
      },
      ...(event.latitude !== null && event.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } }
        : {}),
    },
    ...(offers ? { offers } : {}),
    ...(event.organizer ? { organizer: { '@type': 'Organization', name: event.organizer } } : {}),
    ...(event.review_count > 0 && event.rating_avg !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: event.rating_avg,
            reviewCount: event.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
