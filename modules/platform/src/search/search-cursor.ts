/**
 * The opaque cursor of `SearchQuery.after` / `SearchResult.nextCursor` ("search after"): the sort values of
 * the last hit of a page, with a short fingerprint of the order they belong to, as base64url JSON. Each
 * engine decides which values it needs (Elasticsearch: the hit's `sort` array; SQLite: its ORDER BY keys);
 * this file only packs them and refuses anything that does not unpack to the expected shape, so a forged or
 * mangled cursor is a `SearchCursorError` (a 400 over HTTP), never an engine failure.
 */
import { MAX_CURSOR_LENGTH } from '../contracts/search-cursor.ts';

export { MAX_CURSOR_LENGTH };

/** One sort value: what both engines return for a key (missing keyword values are null). */
export type CursorValue = string | number | null;

/** A cursor that is not one this index made for this order. */
export class SearchCursorError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid cursor: ${reason}`);
    this.name = 'SearchCursorError';
  }
}

/** FNV-1a over the order's description: short, stable, and enough to catch a cursor reused with another sort. */
export function orderFingerprint(description: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < description.length; i++) {
    hash ^= description.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function encodeCursor(order: string, values: CursorValue[]): string {
  return Buffer.from(JSON.stringify([orderFingerprint(order), ...values]), 'utf8').toString('base64url');
}

/**
 * What one sort key of a cursor must hold. Checked before any value reaches an engine: a string where
 * Elasticsearch expects a date would fail the search itself (a 500), not the cursor.
 */
export type CursorSlot = 'number' | 'string' | 'number|null' | 'string|null' | 'number|string';

function fits(slot: CursorSlot, value: unknown): value is CursorValue {
  if (value === null) return slot.endsWith('|null');
  if (typeof value === 'number') return Number.isFinite(value) && slot.startsWith('number');
  return typeof value === 'string' && slot.includes('string');
}

/** The values of a cursor made by `encodeCursor(order, ...)`, one per slot and of the slot's kind. */
export function decodeCursor(cursor: string, order: string, slots: CursorSlot[]): CursorValue[] {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH)
    throw new SearchCursorError(`must be 1 to ${MAX_CURSOR_LENGTH} characters`);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new SearchCursorError('not base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new SearchCursorError('not a cursor this API made');
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string')
    throw new SearchCursorError('not a cursor this API made');
  const [fingerprint, ...values] = parsed as [string, ...unknown[]];
  if (fingerprint !== orderFingerprint(order)) throw new SearchCursorError('made for another sort order');
  if (values.length !== slots.length || !values.every((value, i) => fits(slots[i]!, value)))
    throw new SearchCursorError('not a cursor this API made');
  return values as CursorValue[];
}
