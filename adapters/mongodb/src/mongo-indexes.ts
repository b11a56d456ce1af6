/**
 * Index definitions derived from a CollectionSpec, plus the store's own collections (counters, outbox).
 * Pure, so the generated specs are unit-tested without an engine; `init` passes them to `createIndexes`.
 */
import type { CollectionSpec } from '@evently/platform';
import { toMongoPath } from './mongo-filter.ts';

/** The subset of the driver's IndexDescription we produce (structurally compatible with it). */
export interface MongoIndexSpec {
  key: Record<string, 1>;
  name: string;
  unique?: true;
  partialFilterExpression?: Record<string, unknown>;
  expireAfterSeconds?: number;
}

/**
 * A unique constraint indexes only documents whose fields all hold a real value. Listing the BSON types
 * (rather than `$exists: true`) also leaves out explicit nulls, so a missing or null value never collides,
 * exactly as NULLs behave in the embedded SQLite store. `$type` is one of the operators MongoDB accepts in
 * a partial filter.
 */
export const UNIQUE_VALUE_TYPES = ['string', 'number', 'bool', 'date', 'objectId'] as const;

export function collectionIndexes(spec: CollectionSpec): MongoIndexSpec[] {
  const result: MongoIndexSpec[] = [];
  const uniqueKeys = new Set<string>();
  for (const fields of spec.unique ?? []) {
    const paths = pathsOf(fields);
    // `_id` is unique already; a constraint on `id` alone needs no index of its own.
    if (paths.length === 1 && paths[0] === '_id') continue;
    uniqueKeys.add(paths.join(','));
    result.push({
      key: keyOf(paths),
      name: `uniq_${paths.join('_')}`,
      unique: true,
      partialFilterExpression: Object.fromEntries(paths.map((path) => [path, { $type: [...UNIQUE_VALUE_TYPES] }])),
    });
  }
  for (const fields of spec.indexes ?? []) {
    const paths = pathsOf(fields);
    if (paths.length === 1 && paths[0] === '_id') continue;
    // Two indexes on one key pattern that differ only in options are refused by older servers; the unique
    // one already serves lookups that name a value.
    if (uniqueKeys.has(paths.join(','))) continue;
    result.push({ key: keyOf(paths), name: `idx_${paths.join('_')}` });
  }
  return result;
}

export const COUNTERS_COLLECTION = 'counters';
export const OUTBOX_COLLECTION = 'outbox';
/** Relayed outbox records are kept this long for diagnosis, then MongoDB's TTL monitor removes them. */
export const RELAYED_OUTBOX_TTL_SECONDS = 7 * 24 * 3600;

export function outboxIndexes(): MongoIndexSpec[] {
  return [
    // `pending()` reads unrelayed records in `_id` order, then pulls in the other pending records of their keys.
    { key: { relayed: 1, _id: 1 }, name: 'idx_relayed_seq' },
    { key: { relayed: 1, key: 1 }, name: 'idx_relayed_key' },
    { key: { relayed_at: 1 }, name: 'ttl_relayed_at', expireAfterSeconds: RELAYED_OUTBOX_TTL_SECONDS },
  ];
}

function pathsOf(fields: string[]): string[] {
  if (fields.length === 0) throw new Error('An index needs at least one field');
  return fields.map(toMongoPath);
}

function keyOf(paths: string[]): Record<string, 1> {
  return Object.fromEntries(paths.map((path) => [path, 1 as const]));
}
