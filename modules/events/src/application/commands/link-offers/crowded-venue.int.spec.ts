/**
 * Matching many records at one venue and start (a feed listing hundreds of sessions in the same second): the work
 * must grow with the records, not with their square. Counted, not timed: title comparisons, event rows read from
 * the store and split decisions read. And the batch's kept candidates must decide exactly as fresh reads do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { fixedClock, type DocumentStore, type DocumentTransaction, type FindArgs } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import type { SourceEventInput } from '../../../contracts/source-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import type * as matchEvents from '../../../domain/matching/match-events.ts';
import { EVENTS_COLLECTION, eventsCollections, offerSplitsCollection } from '../../../infra/collections.ts';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import { makeUpsertFromSource, type UpsertResult } from '../upsert-from-source/upsert-from-source.ts';

const comparisons = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../domain/matching/match-events.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof matchEvents>();
  return {
    ...actual,
    compareForMatch: (...args: Parameters<typeof actual.compareForMatch>) => {
      comparisons.count++;
      return actual.compareForMatch(...args);
    },
  };
});

const NOW = '2026-11-26T09:00:00.000Z';
const START = '2027-05-01T20:00:00.000Z';

interface Reads {
  eventRows: number;
  splitDecisions: number;
}

/** The store, counting what its transactions read. */
function counting(store: DocumentStore, reads: Reads): DocumentStore {
  const observed = (tx: DocumentTransaction): DocumentTransaction => ({
    ...tx,
    find: async <T>(collection: string, args?: FindArgs) => {
      const found = await tx.find<T>(collection, args);
      if (collection === EVENTS_COLLECTION) reads.eventRows += found.length;
      return found;
    },
    get: async <T>(collection: string, id: string) => {
      if (collection === offerSplitsCollection.name) reads.splitDecisions++;
      return tx.get<T>(collection, id);
    },
  });
  return { ...store, transaction: (work) => store.transaction((tx) => work(observed(tx))) };
}

/** `count` sessions at one venue in one second, each its own act; every tenth again from a second seller. */
function crowded(count: number): SourceEventInput[] {
  return Array.from({ length: count }, (_, i) => {
    const event = makeSourceEvent({
      external_id: `tm-${i}`,
      name: `The Lumineers Live ${i}`,
      start_utc: START,
      purchase_url: `https://www.ticketmaster.com/event/${i}`,
    });
    if (i % 10 !== 0) return [event];
    const again = {
      ...event,
      source: 'fever',
      external_id: `fv-${i}`,
      name: `THE LUMINEERS LIVE ${i} - Tickets`,
      purchase_url: `https://feverup.com/m/${i}`,
    };
    // The second seller first now and then, so the first one's record links to it.
    return i % 20 === 0 ? [again, event] : [event, again];
  }).flat();
}

describe('offer matching at a crowded venue', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  const stores: DocumentStore[] = [];

  beforeEach(async () => {
    dir = await createTempDataDir('evently-crowded-');
    comparisons.count = 0;
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await dir.remove();
  });

  const open = async () => {
    const store = await createSqliteDocumentStore({ file: `${dir.dir}/${stores.length}.db`, clock: fixedClock(NOW) });
    stores.push(store);
    await store.init(eventsCollections);
    return store;
  };

  it('given pages of sessions at one venue and second, then comparisons and reads grow with the sessions', async () => {
    const reads: Reads = { eventRows: 0, splitDecisions: 0 };
    const { upsertManyFromSource } = makeUpsertFromSource({
      store: counting(await open(), reads),
      clock: fixedClock(NOW),
      linkOffers: true,
    });
    const events = crowded(400);
    const page = 110;
    const results: UpsertResult[] = [];
    for (let i = 0; i < events.length; i += page)
      results.push(...(await upsertManyFromSource(events.slice(i, i + page))));

    // Each second seller's record linked to its show, and nothing else linked.
    expect(results).toHaveLength(440);
    expect(results.filter((result) => result.linked_to)).toHaveLength(40);
    // Comparing every session with every earlier one is n²/2 (about 97,000 here); reading each page's candidates
    // once, compared only when a title could agree, is a few per session.
    expect(comparisons.count).toBeLessThanOrEqual(2 * events.length);
    // Rows: each page reads the venue's earlier sessions once (plus the groups it links into), not once per session.
    expect(reads.eventRows).toBeLessThanOrEqual(3 * events.length);
    expect(reads.splitDecisions).toBeLessThanOrEqual(2 * events.length);
  });

  it('given renames, reschedules and cancellations at a crowded venue in one batch, then it links as one write at a time does', async () => {
    const first = crowded(150);
    const second = first.slice(0, 90).map((event, i): SourceEventInput => {
      if (i % 4 === 0) return { ...event, name: `The Lumineers Live ${(i + 7) * 3}` };
      if (i % 4 === 1) return { ...event, start_utc: '2027-05-01T22:00:00.000Z' };
      if (i % 4 === 2) return { ...event, status: 'cancelled' };
      return { ...event, name: `${event.name} (Matinee)` };
    });
    const rounds = [first, [...second, ...crowded(170).slice(first.length)]];

    const load = async (bulk: boolean) => {
      const store = await open();
      const { upsertFromSource, upsertManyFromSource } = makeUpsertFromSource({
        store,
        clock: fixedClock(NOW),
        linkOffers: true,
      });
      const results: UpsertResult[] = [];
      for (const inputs of rounds) {
        if (bulk) results.push(...(await upsertManyFromSource(inputs)));
        else for (const input of inputs) results.push(await upsertFromSource(input));
      }
      return { results, documents: await store.find<StoredEvent>(EVENTS_COLLECTION) };
    };

    const bulk = await load(true);
    const perEvent = await load(false);
    expect(bulk.results.filter((result) => result.linked_to).length).toBeGreaterThan(20);
    expect(bulk.results).toEqual(perEvent.results);
    expect(bulk.documents).toEqual(perEvent.documents);
  });
});
