/**
 * The embedded AccommodationsProvider: stays kept in the `stays` collection (loaded from the bundled sample
 * feed). Candidates are the stays of the event's city (an indexed lookup); distance decides the rest.
 */
import { UniqueConstraintError, type DocumentReader, type DocumentStore } from '@evently/platform';
import { z } from 'zod';
import type {
  AccommodationsProvider,
  AccommodationsQuery,
} from '../application/queries/accommodations/accommodations-provider.ts';
import { staySchema, staysCollection, type Stay } from './collections.ts';
import type { Accommodation } from '../contracts/public-event.ts';
import { haversineKm, roundKm } from '../domain/geo.ts';
import { priceText } from '../domain/price-text.ts';
import staysFeed from './demo/stays-feed.json' with { type: 'json' };

/** A stay of the feed: its fields and the id it is stored under. */
export type FeedStay = Stay & { id: string };

export function createStoreStaysProvider(deps: { store: DocumentReader }): AccommodationsProvider {
  return {
    async nearby(query: AccommodationsQuery): Promise<Accommodation[]> {
      const candidates = query.city
        ? await staysCollection.find(deps.store, { where: { city: query.city }, limit: 500 })
        : [];
      return candidates
        .map((stay) => ({ stay, km: haversineKm(query.latitude, query.longitude, stay.latitude, stay.longitude) }))
        .filter((c) => c.km <= query.radiusKm)
        .sort((a, b) => a.km - b.km || a.stay.id.localeCompare(b.stay.id))
        .slice(0, query.limit)
        .map(({ stay, km }) => {
          const item: Accommodation = {
            id: stay.id,
            name: stay.name,
            image_url: stay.image_url,
            price_text:
              stay.nightly_price === null
                ? 'Price TBA'
                : `${priceText({ min: stay.nightly_price, max: null, currency: stay.currency })} / night`,
            rating: stay.rating,
            distance: roundKm(km),
          };
          if (stay.affiliate_url) item.affiliate_url = stay.affiliate_url;
          else item.url = stay.url;
          return item;
        });
    },
  };
}

/**
 * Loads the bundled sample feed into `stays` once (the collection being non-empty means it is loaded). Roles
 * started together on one store all try: the check is repeated inside the writing transaction, and a process
 * that loses the race to another's insert finds the stays loaded.
 */
export async function loadBundledStays(store: DocumentStore): Promise<number> {
  if ((await staysCollection.count(store)) > 0) return 0;
  const stays = z.array(staySchema.extend({ id: z.string() })).parse(staysFeed);
  try {
    return await store.transaction(async (tx) => {
      if ((await staysCollection.count(tx)) > 0) return 0;
      for (const stay of stays) await staysCollection.insert(tx, stay);
      return stays.length;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) return 0;
    throw error;
  }
}
