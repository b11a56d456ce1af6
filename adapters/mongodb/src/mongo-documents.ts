/**
 * Mapping between the port's documents and what MongoDB stores. Our string `id` becomes `_id` (so the
 * primary key index serves `get`), the metadata (`version`, `created_at`, `updated_at`) sits beside the
 * body fields, and a patch becomes one atomic update that also bumps the version.
 */
import type { Stored } from '@evently/platform';

export type MongoDocument = { _id: string } & Record<string, unknown>;

const META_FIELDS: ReadonlySet<string> = new Set(['id', '_id', 'version', 'created_at', 'updated_at']);

export function newMongoDocument(body: Record<string, unknown>, id: string, now: string): MongoDocument {
  return { _id: id, ...bodyFields(body), version: 1, created_at: now, updated_at: now };
}

export function fromMongoDocument<T>(document: Record<string, unknown>): Stored<T> {
  const { _id, ...rest } = document;
  return { id: String(_id), ...rest } as Stored<T>;
}

export interface MongoUpdate {
  $set: Record<string, unknown>;
  $unset?: Record<string, ''>;
  $inc: { version: 1 };
}

/**
 * A shallow merge, like `{ ...document, ...patch }` on the embedded store: each top-level key replaces the
 * stored value; a key set to `undefined` disappears (JSON has no undefined), so it becomes `$unset`.
 */
export function patchToUpdate(patch: Record<string, unknown>, now: string): MongoUpdate {
  const $set: Record<string, unknown> = { updated_at: now };
  const $unset: Record<string, ''> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (META_FIELDS.has(key)) continue;
    // A dot or a dollar would address a nested path or an operator instead of replacing a top-level field.
    if (key.startsWith('$') || key.includes('.')) throw new Error(`Invalid field name "${key}" in update`);
    if (value === undefined) $unset[key] = '';
    else $set[key] = value;
  }
  return Object.keys($unset).length > 0 ? { $set, $unset, $inc: { version: 1 } } : { $set, $inc: { version: 1 } };
}

function bodyFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !META_FIELDS.has(key) && value !== undefined),
  );
}
