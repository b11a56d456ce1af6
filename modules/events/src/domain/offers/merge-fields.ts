/**
 * How a canonical event's fields are taken from its linked records (docs/ingestion.md "Offers").
 * Records are given canonical first, then by id, so every rule is deterministic. Nothing is lost: each record
 * keeps its own fields in the store, and lists are unions.
 * - description: the richest, i.e. the longest after trimming (ties: the earlier record);
 * - image: the first that is not a placeholder or fallback image, else the first at all;
 * - tags, highlights: union in record order; FAQ: union by question;
 * - organizer, address, time zone, end, coordinates: the first record that has them;
 * - on-sale: the earliest any record gives.
 */
import type { MergedFields } from '../../contracts/offer.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';

const PLACEHOLDER_IMAGE = /placeholder|fallback|default[-_]?image|no[-_]?image/i;

const first = <T>(records: StoredEvent[], pick: (event: StoredEvent) => T | null): T | null => {
  for (const event of records) {
    const value = pick(event);
    if (value !== null && value !== undefined) return value;
  }
  return null;
};

const union = (lists: string[][]): string[] => {
  const seen = new Map<string, string>();
  for (const item of lists.flat()) if (!seen.has(item.toLowerCase())) seen.set(item.toLowerCase(), item);
  return [...seen.values()];
};

export function mergeFields(records: StoredEvent[]): MergedFields {
  let description: string | null = null;
  for (const event of records) {
    const candidate = event.description?.trim() ?? '';
    if (candidate.length > (description?.length ?? 0)) description = candidate;
  }
  const images = records.map((event) => event.image_url).filter((url): url is string => Boolean(url));
  const faq = new Map<string, { question: string; answer: string }>();
  for (const item of records.flatMap((event) => event.faq))
    if (!faq.has(item.question.toLowerCase())) faq.set(item.question.toLowerCase(), item);
  const onSale = records
    .map((event) => event.on_sale_utc)
    .filter((value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const located = records.find((event) => event.latitude !== null && event.longitude !== null);
  return {
    description,
    image_url: images.find((url) => !PLACEHOLDER_IMAGE.test(url)) ?? images[0] ?? null,
    tags: union(records.map((event) => event.tags)),
    highlights: union(records.map((event) => event.highlights)),
    faq: [...faq.values()],
    organizer: first(records, (event) => event.organizer),
    address: first(records, (event) => event.address),
    timezone: first(records, (event) => event.timezone),
    end_utc: first(records, (event) => event.end_utc),
    latitude: located?.latitude ?? null,
    longitude: located?.longitude ?? null,
    on_sale_utc: onSale[0] ?? null,
  };
}
