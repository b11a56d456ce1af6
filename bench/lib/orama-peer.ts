/**
 * The peer engine of `bench:search:peers`: Orama, the in-process search library a TypeScript team would
 * otherwise pick, loaded with the same event documents our index holds and asked the same questions.
 * Orama has no "every word, prefix or typo" text mode like ours, so text queries use its defaults (prefix
 * matching, all words); geo uses its haversine on the same 6371 km sphere.
 */
import { count, create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import type { IndexDocument } from '@evently/platform';

export const ORAMA_SCHEMA = {
  name: 'string',
  description: 'string',
  venue_name: 'string',
  tags: 'string[]',
  city_text: 'string',
  city: 'enum',
  country: 'enum',
  category: 'enum',
  price_usd_min: 'number',
  price_usd_max: 'number',
  start: 'number',
  location: 'geopoint',
} as const;

export const TEXT_PROPERTIES = ['name', 'description', 'venue_name', 'tags', 'city_text'] as const;

/** Our index document to Orama's: absent values are left out (Orama has no null), dates as epoch ms. */
function toOrama(doc: IndexDocument): Record<string, unknown> {
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of ['name', 'description', 'venue_name'] as const)
    if (typeof doc[field] === 'string') out[field] = doc[field];
  if (Array.isArray(doc.tags)) out.tags = doc.tags;
  if (typeof doc.city === 'string') {
    out.city = doc.city;
    out.city_text = doc.city;
  }
  for (const field of ['country', 'category'] as const) if (typeof doc[field] === 'string') out[field] = doc[field];
  for (const field of ['price_usd_min', 'price_usd_max'] as const)
    if (typeof doc[field] === 'number') out[field] = doc[field];
  if (typeof doc.start === 'string') out.start = Date.parse(doc.start);
  const location = doc.location as { lat: number; lon: number } | null | undefined;
  if (location) out.location = { lat: location.lat, lon: location.lon };
  return out;
}

export async function createOramaPeer(
  docs: AsyncIterable<IndexDocument[]>,
): Promise<{ db: AnyOrama; loaded: number; seconds: number }> {
  const db = create({ schema: ORAMA_SCHEMA });
  const started = performance.now();
  for await (const page of docs) await insertMultiple(db, page.map(toOrama) as never[], 1000);
  return { db, loaded: await count(db), seconds: (performance.now() - started) / 1000 };
}

export { search as oramaSearch };
