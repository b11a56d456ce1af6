/**
 * What the offer matcher reads, kept for the length of one transaction: the candidates of the lookups it asks for
 * again and the admin split decisions it loaded. A batch whose records share one venue and start asked the store
 * for the same candidates once per record, every one of them parsed and decoded again, and checked every one's
 * split decision again: a page of a crowded venue cost the square of its records.
 *
 * Most lookups of a feed's page are asked once (records at many venues and starts): those go to the store exactly
 * as a lone write's do, and cost nothing more. Only a lookup asked a second time in the transaction, or one with
 * many candidates, is kept, and only kept lookups follow the writes.
 *
 * A kept lookup stays what a fresh read would give because the pool sees every write to `events` in the
 * transaction (`observe`): a written record leaves each kept lookup and joins those whose filter it passes
 * (`whereHolds`). Split decisions are only read here; a batch never writes one. Create one pool per transaction
 * attempt (inside the `transaction` callback), never share it across transactions: other writers commit in between.
 */
import type { DocumentTransaction, FieldCondition, Stored, Where } from '@evently/platform';
import { eventMatchCandidates, eventsCollection } from '../../../infra/collections.ts';
import { COMPARE_ALL_UP_TO, KeptLookup, type Candidate } from './kept-lookup.ts';
import type { SplitDecisions } from './split-decisions.ts';
import { whereHolds } from './where-holds.ts';

/** Lookups kept at once: every write is checked against each kept lookup, so keeping only the latest few bounds that work. */
const KEPT_LOOKUPS = 8;

/** A filter on `events` and a name for it: two lookups with one key have one filter. */
export interface CandidateLookup {
  where: Where;
  /** Cheaper to build and compare than the filter itself, which most lookups need only once. */
  key: string;
}

export interface CandidatePool {
  /**
   * The live records passing the lookup's filter whose title could agree with `record`'s enough to
   * match, and maybe others; `record` itself may be among them, which the caller leaves out. The first read of a
   * lookup goes to the store, leaving the record out there, as a lone write's read does; once the pool `observe`s
   * the transaction, a lookup read again or with many candidates is kept for the reads after it.
   */
  read(tx: DocumentTransaction, lookup: CandidateLookup, record: { id: string; name: string }): Promise<Candidate[]>;
  /** Split decisions already loaded, by record id (null: none); `loadSplitVetoes` fills it. */
  readonly splitDecisions: SplitDecisions;
  /** `tx` with its writes to `events` kept in the pool; use it for everything the transaction does. */
  observe(tx: DocumentTransaction): DocumentTransaction;
}

/** `where` with a condition on the record id, in each alternative as the matcher always asked. */
function withId(where: Where, id: FieldCondition): Where {
  const { or, ...rest } = where;
  return or ? { ...rest, or: or.map((alternative) => ({ id, ...alternative })) } : { id, ...where };
}

export function createCandidatePool(): CandidatePool {
  const lookups = new Map<string, KeptLookup>();
  /** Lookups read once with few candidates: asked again, they are kept. */
  const askedOnce = new Set<string>();
  let observing = false;

  const written = (document: Stored<unknown>) => {
    for (const lookup of lookups.values()) {
      if (whereHolds(document, lookup.where)) lookup.set(eventMatchCandidates.decode(document));
      else lookup.delete(document.id);
    }
  };
  const deleted = (id: string) => {
    for (const lookup of lookups.values()) lookup.delete(id);
  };

  return {
    splitDecisions: new Map(),
    async read(tx, { where, key }, record) {
      // A pool that does not see the writes cannot know when a kept lookup goes stale: it keeps nothing.
      if (!observing) return eventMatchCandidates.find(tx, { where: withId(where, { ne: record.id }) });
      const kept = lookups.get(key);
      if (kept) {
        // Most recently used last, so the oldest is the one let go.
        lookups.delete(key);
        lookups.set(key, kept);
        return kept.mayMatch(record.name);
      }
      const found = await eventMatchCandidates.find(tx, { where: withId(where, { ne: record.id }) });
      if (found.length <= COMPARE_ALL_UP_TO && !askedOnce.has(key)) {
        askedOnce.add(key);
        return found;
      }
      // Asked again, or crowded: kept, with the record itself, which later records of the batch may match.
      const itself = await eventMatchCandidates.find(tx, { where: withId(where, record.id) });
      const lookup = new KeptLookup(where, [...found, ...itself]);
      lookups.set(key, lookup);
      const oldest = lookups.keys().next().value;
      if (lookups.size > KEPT_LOOKUPS && oldest !== undefined) lookups.delete(oldest);
      return lookup.mayMatch(record.name);
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
