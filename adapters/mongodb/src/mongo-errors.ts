/** Recognises the MongoDB server errors the store turns into the port's own errors. */
import { UniqueConstraintError } from '@evently/platform';

/** Server code for "E11000 duplicate key error", on a plain write and inside a transaction alike. */
export const DUPLICATE_KEY = 11000;

interface DuplicateKeyShape {
  code?: unknown;
  keyPattern?: unknown;
}

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as DuplicateKeyShape).code === DUPLICATE_KEY;
}

/** Names the violated fields from the error's `keyPattern` (our `_id` is the port's `id`). */
export function toUniqueConstraintError(collection: string, error: unknown): UniqueConstraintError {
  const pattern = (error as DuplicateKeyShape).keyPattern;
  const fields =
    typeof pattern === 'object' && pattern !== null
      ? Object.keys(pattern).map((path) => (path === '_id' ? 'id' : path))
      : ['unknown fields'];
  return new UniqueConstraintError(collection, fields);
}

/** Runs one write and translates a duplicate key into UniqueConstraintError; anything else passes through. */
export async function translateDuplicateKey<R>(collection: string, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw toUniqueConstraintError(collection, error);
    throw error;
  }
}
