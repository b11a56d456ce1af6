/**
 * What the offer matcher reads, kept for the length of one transaction: the candidates of the lookups it made
 * (indexed by title words) and the admin split decisions it loaded. A batch whose records share one venue and
 * start asked the store for the same candidates once per record, every one of them parsed and decoded again, and
 * checked every one's split decision again: a page of a crowded venue cost the square of its records.
 *
 * The pool stays what a fresh read would give because it sees every write to `events` in the transaction
 * (`observe`): a written record leaves each kept lookup and joins those whose filter it passes (`whereHolds`).
 * Split decisions are only read here; a batch never writes one. Create one pool per transaction attempt (inside
 * the `transaction` callback), never share it across transactions: other writers commit in between.
 */
import type { DocumentTransaction, Stored, Where } from '@evently/platform';
import { TitleIndex } from '../../../domain/matching/title-index.ts';
import { eventMatchCandidates, eventsCollection } from '../../../infra/collections.ts';
import type { SplitDecisions } from './split-decisions.ts';
import { whereHolds } from './where-holds.ts';

/** A record that could be the same performance, read on the fields the matcher compares. */
export type Candidate = ReturnType<typeof eventMatchCandidates.decode>;

/**
 * Lookups kept at once. A bulk load of records at many starts makes one lookup per record and never asks it again;
 * every write is checked against each kept lookup, so keeping only the latest few bounds that work.
 */
const KEPT_LOOKUPS = 8;

interface Lookup {
  where: Where;
  candidates: TitleIndex<Candidate>;
}

export interface CandidatePool {
  /**
   * The live records passing `where` (a filter on `events`), by title words; `recordId` is the record being
   * matched, which the caller leaves out. Kept for the next read of the same `where` once the pool `observe`s the
   * transaction; until then every read goes to the store, leaving the record out there.
   */
  read(tx: DocumentTransaction, where: Where, recordId: string): Promise<TitleIndex<Candidate>>;
  /** Split decisions already loaded, by record id (null: none); `loadSplitVetoes` fills it. */
  readonly splitDecisions: SplitDecisions;
  /** `tx` with its writes to `events` kept in the pool; use it for everything the transaction does. */
  observe(tx: DocumentTransaction): DocumentTransaction;
}

/** `where` with one record left out, in each alternative as the matcher always asked. */
function leaveOut(where: Where, id: string): Where {
  const { or, ...rest } = where;
  return or
    ? { ...rest, or: or.map((alternative) => ({ id: { ne: id }, ...alternative })) }
    : { id: { ne: id }, ...where };
}

export function createCandidatePool(): CandidatePool {
  const lookups = new Map<string, Lookup>();
  let observing = false;

  const written = (document: Stored<unknown>) => {
    for (const { where, candidates } of lookups.values()) {
      if (whereHolds(document, where)) candidates.set(eventMatchCandidates.decode(document));
      else candidates.delete(document.id);
    }
  };
  const deleted = (id: string) => {
    for (const { candidates } of lookups.values()) candidates.delete(id);
  };

  return {
    splitDecisions: new Map(),
    async read(tx, where, recordId) {
      const candidates = new TitleIndex<Candidate>();
      // A pool that does not see the writes cannot know when a kept lookup goes stale: it keeps nothing.
      if (!observing) {
        for (const candidate of await eventMatchCandidates.find(tx, { where: leaveOut(where, recordId) }))
          candidates.set(candidate);
        return candidates;
      }
      const key = JSON.stringify(where);
      const kept = lookups.get(key);
      if (kept) {
        // Most recently used last, so the oldest is the one let go.
        lookups.delete(key);
        lookups.set(key, kept);
        return kept.candidates;
      }
      // The record being matched is read too: later records of the batch may match it.
      for (const candidate of await eventMatchCandidates.find(tx, { where })) candidates.set(candidate);
      lookups.set(key, { where, candidates });
      const oldest = lookups.keys().next().value;
      if (lookups.size > KEPT_LOOKUPS && oldest !== undefined) lookups.delete(oldest);
      return candidates;
    },
    observe(tx) {
      observing = true;
      const events = eventsCollection.name;
      return {
        get: (collection, id) => tx.get(collection, id),
        findOne: (collection, where) => tx.findOne(collection, where),
        find: (collection, args) => tx.find(collection, args),
        count: (collection, where) => tx.count(collection, where),
        async insert(collection, body) {
          const stored = await tx.insert(collection, body);
          if (collection === events) written(stored);
          return stored;
        },
        async update(collection, id, expectedVersion, patch) {
          const stored = await tx.update(collection, id, expectedVersion, patch);
          if (collection === events) written(stored);
          return stored;
        },
        async delete(collection, id, expectedVersion) {
          const gone = await tx.delete(collection, id, expectedVersion);
          if (collection === events) deleted(id);
          return gone;
        },
        nextCounter: (name) => tx.nextCounter(name),
        nextCounterRange: (name, count) => tx.nextCounterRange(name, count),
        appendOutbox: (records) => tx.appendOutbox(records),
      };
    },
  };
}
