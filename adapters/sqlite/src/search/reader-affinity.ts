/**
 * Which reader thread a read prefers. Each thread has its own connection and its own caches (match sets, totals,
 * near-me bands), valid until a write touches them; a common word's set is among the costliest reads, and a
 * pool that sends the same word to every thread reads it once per thread. Reads that share
 * cached work (the same words; centres in the same degree of latitude) prefer one thread, as long as it is not
 * much busier than the least busy one, so a hot word cannot hold the others up.
 */
import type { ReadCall } from './reader-protocol.ts';

/** How many more waiting reads the preferred thread may have than the least busy before the read goes elsewhere. */
export const AFFINITY_SLACK = 2;

/** What a read shares cached work by, or null when any thread will do. */
export function affinityKey(call: ReadCall): string | null {
  if (call.method === 'facets') return null;
  const { query } = call;
  if (query.text !== undefined && query.text.trim() !== '')
    return `${call.index}\u0000text\u0000${query.text.trim().toLowerCase()}`;
  if (query.near) return `${call.index}\u0000near\u0000${Math.floor(query.near.lat)}`;
  return null;
}

/** FNV-1a over the key's UTF-16 code units: stable across processes and cheap for short keys. */
export function preferredSlot(key: string, size: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % size;
}

/** The preferred slot unless it has more than `AFFINITY_SLACK` reads waiting beyond the least busy slot's. */
export function chooseSlot(waiting: number[], preferred: number | null): number {
  let least = 0;
  for (let slot = 1; slot < waiting.length; slot++) if (waiting[slot]! < waiting[least]!) least = slot;
  if (preferred === null) return least;
  return waiting[preferred]! <= waiting[least]! + AFFINITY_SLACK ? preferred : least;
}
