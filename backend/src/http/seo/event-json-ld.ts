/**
 * schema.org `Event` for an event page, typed with `schema-dts`, shaped after what Google's Event rich result
 * reads: name, start (and end), a Place with a PostalAddress, offers with price, currency, availability and
 * the buy URL, the image, the organizer when the source names one, and an aggregateRating once approved
 * reviews exist. An event sold by several sellers is one `AggregateOffer` over every offer, with
 * each seller's `Offer` inside it.
 */
import type { PublicEvent } from '@evently/events';
import type { AggregateOffer, Event, Offer, WithContext } from 'schema-dts';

const IN_STOCK = 'https://schema.org/InStock' as const;

/** Every seller's offer in one AggregateOffer; its low and high prices are in USD, the one currency they share. */
function sellersOffer(event: PublicEvent, pageUrl: string): AggregateOffer | undefined {
  const priced = event.offers.filter((offer) => offer.price_usd_min !== null);
  if (event.offers.length < 2 || priced.length === 0) return undefined;
  const lows = priced.map((offer) => offer.price_usd_min as number);
  const highs = priced.map((offer) => offer.price_usd_max ?? (offer.price_usd_min as number));
  return {
    '@type': 'AggregateOffer',
    lowPrice: Math.min(...lows),
    highPrice: Math.max(...highs),
    priceCurrency: 'USD',
    offerCount: event.offers.length,
    availability: IN_STOCK,
    url: pageUrl,
    offers: event.offers.map((offer): Offer => ({
      '@type': 'Offer',
      ...(offer.min_price !== null ? { price: offer.min_price } : {}),
      priceCurrency: offer.currency,
      availability: IN_STOCK,
      url: offer.affiliate_url ?? offer.purchase_url ?? pageUrl,
      seller: { '@type': 'Organization', name: offer.seller },
    })),
  };
}

export function eventJsonLd(event: PublicEvent, pageUrl: string): WithContext<Event> {
  const buyUrl = event.affiliate_url ?? event.purchase_url ?? pageUrl;
  const description = (event.unique_description ?? event.description ?? '').trim();
  const availability = IN_STOCK;
  const offers: Offer | AggregateOffer | undefined =
    sellersOffer(event, pageUrl) ??
    (event.min_price === null
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
        : { '@type': 'Offer', price: event.min_price, priceCurrency: event.currency, availability, url: buyUrl });

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
