import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStoreLease,
  silentLogger,
  type Delivered,
  type DocumentStore,
  type DocumentTransaction,
  type FindArgs,
  type ModuleDeps,
} from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { EVENT_MESSAGE_TYPES, EVENTS_TOPIC } from '../../../contracts/event-messages.ts';
import { sourceEventSchema, type SourceEventInput } from '../../../contracts/source-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { newEventBody, sourceFields } from '../../../domain/event.ts';
import { matchKeys, type MatchKeys } from '../../../domain/matching/match-keys.ts';
import { createEventsHarness, type EventsHarness } from '../../../testing/events-harness.ts';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import { EVENT_ID_COUNTER, EVENTS_COLLECTION } from '../../../infra/collections.ts';
import { eventMessage } from '../../outbox-messages.ts';
import { EVENTS_INDEX, type EventIndexDocument } from '../../projections/events-index.ts';
import { linkAfterChange } from '../link-offers/link-offers.ts';
import { backfillMatchKeys, countWithoutKeys } from './backfill-match-keys.ts';
import { BACKFILL_LEASE, createMatchKeysBackfillScheduler } from './backfill-scheduler.ts';

// Four different shows in one half-hour window, as the code before the match keys stored them.
const legacy = [
  makeSourceEvent({ external_id: 'tm-1', name: 'Jazz Night Madrid' }),
  makeSourceEvent({
    external_id: 'tm-2',
    name: 'Flamenco Gala',
    venue_name: 'Teatro Real',
    latitude: 40.418,
    longitude: -3.7105,
  }),
  makeSourceEvent({
    external_id: 'tm-3',
    name: 'Stand-up Comedy Hour',
    venue_name: null,
    latitude: null,
    longitude: null,
  }),
  makeSourceEvent({
    external_id: 'tm-4',
    name: 'Opera Evening',
    venue_name: 'Gran Teatro',
    city: 'Barcelona',
    latitude: 41.38,
    longitude: 2.17,
    status: 'cancelled',
  }),
];
const logger = silentLogger();

/** What the code before the keys wrote: the record without `match_venue`/`match_cell`, and its first snapshot. */
async function storeWithoutKeys(store: DocumentStore, input: SourceEventInput): Promise<void> {
  await store.transaction(async (tx) => {
    const id = String(await tx.nextCounter(EVENT_ID_COUNTER));
    const {
      match_venue: _venue,
      match_cell: _cell,
      ...body
    } = newEventBody(id, sourceFields(sourceEventSchema.parse(input)));
    const saved = await tx.insert<StoredEvent>(EVENTS_COLLECTION, body);
    await tx.appendOutbox([eventMessage(EVENT_MESSAGE_TYPES.upserted, id, 1, { event: saved }, new Date())]);
  });
}

describe('match keys backfill (decision 021)', () => {
  let h: EventsHarness;
  let messages: Delivered[];

  beforeEach(async () => {
    h = await createEventsHarness({ options: { linkOffers: true } });
    messages = [];
    await h.bus.subscribe({
      group: 'test.recorder',
      topics: [EVENTS_TOPIC],
      handle: async (batch) => void messages.push(...batch),
    });
    for (const input of legacy) await storeWithoutKeys(h.store, input);
    await h.settle();
  });
  afterEach(async () => {
    await h.close();
  });

  const all = () => h.store.find<StoredEvent & MatchKeys>(EVENTS_COLLECTION);
  const indexed = async () =>
    (await h.search.getMany(EVENTS_INDEX, ['1', '2', '3'])) as Map<string, EventIndexDocument>;

  it('given events stored without keys, when the backfill runs, then each gets the keys of its fields, announcing nothing', async () => {
    expect(await countWithoutKeys(h.store)).toBe(4);
    const before = await indexed();
    const published = messages.length;

    const logged: Array<[Record<string, unknown>, string]> = [];
    const recorder = {
      info: (fields: Record<string, unknown>, message: string) => void logged.push([fields, message]),
    } as unknown as ModuleDeps['logger'];
    expect(await backfillMatchKeys({ store: h.store, logger: recorder, batchSize: 3, progressEveryMs: 0 })).toEqual({
      updated: 4,
      left: 0,
    });
    expect(logged.map(([, message]) => message.replace('match keys backfill: ', ''))).toEqual([
      'keying events stored before the offer-match keys',
      'progress',
      'progress',
      'done',
    ]);
    // The total first, then how many so far after each batch of three, then the report.
    expect(logged.map(([fields]) => fields.updated ?? fields.total)).toEqual([4, 3, 4, 4]);

    for (const event of await all()) {
      expect(event).toMatchObject(matchKeys(event));
      expect(event.version).toBe(2);
    }
    // The comedy hour has no venue: its keys are empty strings, which the "no keys" lookup does not read.
    expect((await all()).map((event) => [event.match_venue !== '', event.match_cell !== ''])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [true, true],
    ]);
    await h.settle();
    expect(messages).toHaveLength(published);
    expect(await indexed()).toEqual(before);
  });

  it('given a finished backfill, when it runs again, then nothing changes', async () => {
    await backfillMatchKeys({ store: h.store, logger });
    const after = await all();
    expect(await backfillMatchKeys({ store: h.store, logger })).toEqual({ updated: 0, left: 0 });
    expect(await all()).toEqual(after);
  });

  it('given real writes between the backfill reading a batch and keying it, then both writes stay and every record is keyed', async () => {
    let raced = false;
    const racing: DocumentStore = {
      ...h.store,
      find: async <T>(collection: string, args?: FindArgs) => {
        const rows = await h.store.find<T>(collection, args);
        if (!raced) {
          raced = true;
          // A source change (which keys the record itself) and a page view (which does not).
          await h.module.commands.upsertFromSource({ ...legacy[0], max_price: 60 });
          await h.module.commands.recordView('2');
        }
        return rows;
      },
    };
    expect(await backfillMatchKeys({ store: racing, logger })).toEqual({ updated: 3, left: 0 });

    const [first, second] = await all();
    expect(first).toMatchObject({ max_price: 60, version: 2, ...matchKeys(first!) });
    expect(second).toMatchObject({ view_count: 1, version: 3, ...matchKeys(second!) });
    // The next real change is announced at the store's version: a gap the projector accepts (newer wins).
    await h.module.commands.upsertFromSource({ ...legacy[1], max_price: 70 });
    await h.settle();
    expect(messages.filter((m) => m.key === '2').map((m) => m.aggregate_version)).toEqual([1, 2, 4]);
    expect((await indexed()).get('2')).toMatchObject({ aggregate_version: 4, view_count: 1 });
  });

  it('given a store that runs a transaction again after a transient conflict (MongoDB), then every record is counted once', async () => {
    const transient = Object.assign(new Error('WriteConflict'), { errorLabels: ['TransientTransactionError'] });
    const retrying: DocumentStore = {
      ...h.store,
      // What `withTransaction` does: the first attempt is rolled back, the callback runs again from the start.
      transaction: async (work) => {
        await h.store
          .transaction(async (tx) => {
            await work(tx);
            throw transient;
          })
          .catch((error: unknown) => {
            if (error !== transient) throw error;
          });
        return h.store.transaction(work);
      },
    };
    expect(await backfillMatchKeys({ store: retrying, logger })).toEqual({ updated: 4, left: 0 });
    expect((await all()).map((event) => event.version)).toEqual([2, 2, 2, 2]);
  });

  it('given a finished backfill, then the matcher reads no record through its "no keys" lookup', async () => {
    const readWithoutKeys = async () => {
      let rows = 0;
      const counting = (tx: DocumentTransaction): DocumentTransaction => ({
        ...tx,
        find: async <T>(collection: string, args?: FindArgs) => {
          const found = await tx.find<T>(collection, args);
          // The matcher reads its lookups at once; a record without keys can only come through "no keys".
          if (collection === EVENTS_COLLECTION)
            rows += found.filter((row) => (row as { match_venue?: unknown }).match_venue == null).length;
          return found;
        },
      });
      const probe = (await h.store.get<StoredEvent>(EVENTS_COLLECTION, '1'))!;
      await h.store.transaction((tx) => linkAfterChange(counting(tx), probe, true, new Date()));
      return rows;
    };
    // Live records in the window, the probe excluded: the flamenco gala and the comedy hour.
    expect(await readWithoutKeys()).toBe(2);
    await backfillMatchKeys({ store: h.store, logger });
    expect(await readWithoutKeys()).toBe(0);
  });

  it('given a worker holding the lease elsewhere, then the scheduler waits and resumes once it is released', async () => {
    const other = createStoreLease({ store: h.store, name: BACKFILL_LEASE, holder: 'other-worker' });
    expect(await other.acquire()).toBe(true);
    const scheduler = createMatchKeysBackfillScheduler({ store: h.store, logger, retryMs: 20 });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await countWithoutKeys(h.store)).toBe(4);

    await other.release();
    await waitFor(async () => (await countWithoutKeys(h.store)) === 0, 'the backfill to finish');
    await scheduler.stop();
  });
});
