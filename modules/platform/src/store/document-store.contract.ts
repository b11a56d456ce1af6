/**
 * The one behaviour suite every DocumentStore adapter runs (embedded SQLite in `npm test`, MongoDB through
 * testcontainers). Cases are engine-agnostic: they use only the port, and each test gets a fresh store from
 * the factory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxRecord } from '../bus/envelope.ts';
import {
  ConcurrencyError,
  UniqueConstraintError,
  type CollectionSpec,
  type DocumentStore,
} from './document-store.port.ts';

export interface DocumentStoreFixture {
  store: DocumentStore;
  /** Closes the store and removes whatever the factory created. */
  cleanup: () => Promise<void>;
}

interface Venue {
  name: string;
  city?: string | null;
  capacity?: number;
  opens_at?: string;
  free?: boolean;
  tags?: string[];
  address?: { country: string };
  slug?: string;
  source?: string;
  external_id?: string;
}

const venues: CollectionSpec = {
  name: 'venues',
  unique: [['slug'], ['source', 'external_id']],
  indexes: [['city'], ['capacity'], ['opens_at']],
  containsFields: ['name'],
};

function outboxRecord(key: string, aggregateVersion = 1, topic = 'evently.venues'): OutboxRecord {
  return {
    id: `${key}-${aggregateVersion}-${Math.random().toString(36).slice(2)}`,
    topic,
    key,
    type: 'VenueSaved',
    version: 1,
    aggregate_version: aggregateVersion,
    data: { key },
    metadata: { occurred_at: '2025-06-01T10:00:00.000Z' },
  };
}

const sample: Array<Venue & { id: string }> = [
  {
    id: 'v1',
    name: 'Blue Note',
    city: 'Berlin',
    capacity: 120,
    opens_at: '2025-03-01T19:00:00.000Z',
    free: false,
    address: { country: 'DE' },
  },
  {
    id: 'v2',
    name: 'Red Hall',
    city: 'Paris',
    capacity: 800,
    opens_at: '2025-01-15T20:00:00.000Z',
    free: true,
    address: { country: 'FR' },
  },
  {
    id: 'v3',
    name: 'Green Room',
    city: 'Berlin',
    capacity: 60,
    opens_at: '2025-07-04T18:30:00.000Z',
    free: true,
    address: { country: 'DE' },
  },
  { id: 'v4', name: 'Bluebird Café', city: null, capacity: 300, opens_at: '2025-05-20T21:00:00.000Z', free: false },
  { id: 'v5', name: 'Yellow Cellar', capacity: 800, opens_at: '2024-12-31T23:00:00.000Z' },
];

export function testDocumentStore(factory: () => Promise<DocumentStoreFixture>, label = 'adapter'): void {
  describe(`DocumentStore contract (${label})`, () => {
    let fixture: DocumentStoreFixture;
    let store: DocumentStore;

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
      await store.init([venues]);
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    const seed = async () => {
      await store.transaction(async (tx) => {
        for (const venue of sample) await tx.insert<Venue>('venues', venue);
      });
    };
    const ids = (documents: Array<{ id: string }>) => documents.map((document) => document.id);

    describe('documents', () => {
      it('init can run again with the same collections', async () => {
        await store.init([venues]);
        await seed();
        expect(await store.count('venues')).toBe(5);
      });

      it('insert generates an id and metadata, get returns the document', async () => {
        const saved = await store.transaction((tx) =>
          tx.insert<Venue>('venues', { name: 'Blue Note', city: 'Berlin' }),
        );
        expect(saved.id).toEqual(expect.any(String));
        expect(saved.id.length).toBeGreaterThan(0);
        expect(saved.version).toBe(1);
        expect(Number.isNaN(Date.parse(saved.created_at))).toBe(false);
        expect(saved.updated_at).toBe(saved.created_at);
        expect(await store.get<Venue>('venues', saved.id)).toEqual(saved);
        expect(await store.get('venues', 'missing')).toBeNull();
      });

      it('insert keeps a given id and nested values', async () => {
        await store.transaction((tx) =>
          tx.insert<Venue>('venues', { id: 'fixed', name: 'X', tags: ['a', 'b'], address: { country: 'DE' } }),
        );
        const stored = await store.get<Venue>('venues', 'fixed');
        expect(stored).toMatchObject({
          id: 'fixed',
          name: 'X',
          tags: ['a', 'b'],
          address: { country: 'DE' },
          version: 1,
        });
      });

      it('inserting an existing id fails with UniqueConstraintError', async () => {
        await store.transaction((tx) => tx.insert<Venue>('venues', { id: 'dup', name: 'A' }));
        await expect(
          store.transaction((tx) => tx.insert<Venue>('venues', { id: 'dup', name: 'B' })),
        ).rejects.toBeInstanceOf(UniqueConstraintError);
        expect((await store.get<Venue>('venues', 'dup'))?.name).toBe('A');
      });

      it('update merges the patch and bumps the version', async () => {
        const saved = await store.transaction((tx) =>
          tx.insert<Venue>('venues', { name: 'Blue Note', city: 'Berlin', capacity: 100 }),
        );
        const updated = await store.transaction((tx) => tx.update<Venue>('venues', saved.id, 1, { capacity: 150 }));
        expect(updated).toMatchObject({
          id: saved.id,
          name: 'Blue Note',
          city: 'Berlin',
          capacity: 150,
          version: 2,
          created_at: saved.created_at,
        });
        expect(await store.get<Venue>('venues', saved.id)).toEqual(updated);
      });

      it('update with a stale version fails with ConcurrencyError and changes nothing', async () => {
        const saved = await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'A', capacity: 1 }));
        await store.transaction((tx) => tx.update<Venue>('venues', saved.id, 1, { capacity: 2 }));
        const stale = store.transaction((tx) => tx.update<Venue>('venues', saved.id, 1, { capacity: 3 }));
        await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.get<Venue>('venues', saved.id)).toMatchObject({ capacity: 2, version: 2 });
      });

      it('update of a missing document fails with ConcurrencyError', async () => {
        await expect(
          store.transaction((tx) => tx.update<Venue>('venues', 'missing', 1, { capacity: 3 })),
        ).rejects.toBeInstanceOf(ConcurrencyError);
      });

      it('delete honours the expected version', async () => {
        const saved = await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'A' }));
        await expect(store.transaction((tx) => tx.delete('venues', saved.id, 7))).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
        expect(await store.get('venues', saved.id)).not.toBeNull();
        expect(await store.transaction((tx) => tx.delete('venues', saved.id, 1))).toBe(true);
        expect(await store.get('venues', saved.id)).toBeNull();
        expect(await store.transaction((tx) => tx.delete('venues', saved.id, 1))).toBe(false);
      });

      it('delete without a version removes the document and reports whether it existed', async () => {
        const saved = await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'A' }));
        expect(await store.transaction((tx) => tx.delete('venues', saved.id))).toBe(true);
        expect(await store.transaction((tx) => tx.delete('venues', saved.id))).toBe(false);
      });
    });

    describe('unique constraints', () => {
      it('a second document with the same unique field fails with UniqueConstraintError naming the fields', async () => {
        await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'A', slug: 'blue-note' }));
        const error = await store
          .transaction((tx) => tx.insert<Venue>('venues', { name: 'B', slug: 'blue-note' }))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UniqueConstraintError);
        expect((error as UniqueConstraintError).fields).toEqual(['slug']);
        expect(await store.count('venues')).toBe(1);
      });

      it('compound unique fields collide only when all of them match', async () => {
        await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'A', source: 'tm', external_id: '1' }));
        await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'B', source: 'tm', external_id: '2' }));
        await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'C', source: 'fever', external_id: '1' }));
        const error = await store
          .transaction((tx) => tx.insert<Venue>('venues', { name: 'D', source: 'tm', external_id: '1' }))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UniqueConstraintError);
        expect((error as UniqueConstraintError).fields).toEqual(['source', 'external_id']);
      });

      it('documents without the unique fields do not collide', async () => {
        await store.transaction(async (tx) => {
          await tx.insert<Venue>('venues', { name: 'A' });
          await tx.insert<Venue>('venues', { name: 'B' });
        });
        expect(await store.count('venues')).toBe(2);
      });

      it('an update onto a taken unique value fails and leaves both documents unchanged', async () => {
        await store.transaction((tx) => tx.insert<Venue>('venues', { id: 'a', name: 'A', slug: 'a' }));
        await store.transaction((tx) => tx.insert<Venue>('venues', { id: 'b', name: 'B', slug: 'b' }));
        await expect(
          store.transaction((tx) => tx.update<Venue>('venues', 'b', 1, { slug: 'a' })),
        ).rejects.toBeInstanceOf(UniqueConstraintError);
        expect(await store.get<Venue>('venues', 'b')).toMatchObject({ slug: 'b', version: 1 });
      });

      it('a unique value freed by a rolled back transaction stays free', async () => {
        await expect(
          store.transaction(async (tx) => {
            await tx.insert<Venue>('venues', { name: 'A', slug: 'taken' });
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        await store.transaction((tx) => tx.insert<Venue>('venues', { name: 'B', slug: 'taken' }));
        expect(await store.count('venues', { slug: 'taken' })).toBe(1);
      });
    });

    describe('find', () => {
      beforeEach(seed);

      it('bare values and eq match equal fields, booleans included', async () => {
        expect(ids(await store.find('venues', { where: { city: 'Berlin' } }))).toEqual(['v1', 'v3']);
        expect(ids(await store.find('venues', { where: { city: { eq: 'Paris' } } }))).toEqual(['v2']);
        expect(ids(await store.find('venues', { where: { free: true } }))).toEqual(['v2', 'v3']);
        expect(ids(await store.find('venues', { where: { capacity: 800 } }))).toEqual(['v2', 'v5']);
      });

      it('null matches a null or missing field', async () => {
        expect(ids(await store.find('venues', { where: { city: null } }))).toEqual(['v4', 'v5']);
      });

      it('ne excludes equal values and keeps missing ones', async () => {
        expect(ids(await store.find('venues', { where: { city: { ne: 'Berlin' } } }))).toEqual(['v2', 'v4', 'v5']);
        expect(ids(await store.find('venues', { where: { city: { ne: null } } }))).toEqual(['v1', 'v2', 'v3']);
      });

      it('numeric ranges', async () => {
        expect(ids(await store.find('venues', { where: { capacity: { gt: 120 } } }))).toEqual(['v2', 'v4', 'v5']);
        expect(ids(await store.find('venues', { where: { capacity: { gte: 120 } } }))).toEqual([
          'v1',
          'v2',
          'v4',
          'v5',
        ]);
        expect(ids(await store.find('venues', { where: { capacity: { lt: 120 } } }))).toEqual(['v3']);
        expect(ids(await store.find('venues', { where: { capacity: { lte: 120 } } }))).toEqual(['v1', 'v3']);
        expect(ids(await store.find('venues', { where: { capacity: { gt: 60, lt: 800 } } }))).toEqual(['v1', 'v4']);
      });

      it('ISO date strings compare in time order', async () => {
        const where = { opens_at: { gte: '2025-01-15T20:00:00.000Z', lt: '2025-05-20T21:00:00.000Z' } };
        expect(ids(await store.find('venues', { where }))).toEqual(['v1', 'v2']);
      });

      it('in matches any listed value, and null in the list matches missing fields', async () => {
        expect(ids(await store.find('venues', { where: { city: { in: ['Paris', 'Berlin'] } } }))).toEqual([
          'v1',
          'v2',
          'v3',
        ]);
        expect(ids(await store.find('venues', { where: { city: { in: ['Paris', null] } } }))).toEqual([
          'v2',
          'v4',
          'v5',
        ]);
        expect(await store.find('venues', { where: { city: { in: [] } } })).toEqual([]);
      });

      it('contains is a case-insensitive substring match', async () => {
        expect(ids(await store.find('venues', { where: { name: { contains: 'BLUE' } } }))).toEqual(['v1', 'v4']);
        expect(ids(await store.find('venues', { where: { name: { contains: 'D HA' } } }))).toEqual(['v2']);
        expect(ids(await store.find('venues', { where: { name: { contains: 'café' } } }))).toEqual(['v4']);
      });

      it('contains on a field not declared in containsFields is rejected', async () => {
        await expect(store.find('venues', { where: { city: { contains: 'ber' } } })).rejects.toThrow();
      });

      it('conditions on several fields are ANDed', async () => {
        expect(ids(await store.find('venues', { where: { city: 'Berlin', free: true } }))).toEqual(['v3']);
      });

      it('or holds alternatives and combines with field conditions', async () => {
        const where = { or: [{ city: 'Paris' }, { capacity: { lt: 100 } }] };
        expect(ids(await store.find('venues', { where }))).toEqual(['v2', 'v3']);
        expect(ids(await store.find('venues', { where: { ...where, free: true, capacity: { gt: 100 } } }))).toEqual([
          'v2',
        ]);
      });

      it('dotted paths reach into nested objects', async () => {
        expect(ids(await store.find('venues', { where: { 'address.country': 'DE' } }))).toEqual(['v1', 'v3']);
      });

      it('metadata fields can be filtered', async () => {
        expect(ids(await store.find('venues', { where: { id: { in: ['v5', 'v2'] } } }))).toEqual(['v2', 'v5']);
        expect(await store.count('venues', { version: 1 })).toBe(5);
      });

      it('sorts by several fields and breaks ties by id', async () => {
        const byCapacity = await store.find('venues', { sort: [{ field: 'capacity', direction: 'desc' }] });
        expect(ids(byCapacity)).toEqual(['v2', 'v5', 'v4', 'v1', 'v3']);
        const byCityThenCapacity = await store.find('venues', {
          where: { city: { ne: null } },
          sort: [
            { field: 'city', direction: 'asc' },
            { field: 'capacity', direction: 'asc' },
          ],
        });
        expect(ids(byCityThenCapacity)).toEqual(['v3', 'v1', 'v2']);
        expect(ids(await store.find('venues', { sort: [{ field: 'opens_at', direction: 'asc' }] }))).toEqual([
          'v5',
          'v2',
          'v1',
          'v4',
          'v3',
        ]);
      });

      it('without sort the order is by id', async () => {
        expect(ids(await store.find('venues'))).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
      });

      it('skip and limit page through the sorted result', async () => {
        const sort = [{ field: 'capacity', direction: 'asc' as const }];
        expect(ids(await store.find('venues', { sort, limit: 2 }))).toEqual(['v3', 'v1']);
        expect(ids(await store.find('venues', { sort, skip: 2, limit: 2 }))).toEqual(['v4', 'v2']);
        expect(ids(await store.find('venues', { sort, skip: 4 }))).toEqual(['v5']);
        expect(await store.find('venues', { sort, skip: 10, limit: 2 })).toEqual([]);
      });

      it('findOne returns the match or null', async () => {
        expect((await store.findOne<Venue>('venues', { city: 'Paris' }))?.id).toBe('v2');
        expect(await store.findOne('venues', { city: 'Rome' })).toBeNull();
      });

      it('count applies the filter', async () => {
        expect(await store.count('venues')).toBe(5);
        expect(await store.count('venues', { city: 'Berlin' })).toBe(2);
        expect(await store.count('venues', { or: [{ free: true }, { capacity: { gte: 300 } }] })).toBe(4);
      });
    });

    describe('counters', () => {
      it('start at 1 and grow by one, each name on its own', async () => {
        expect(await store.nextCounter('event')).toBe(1);
        expect(await store.nextCounter('event')).toBe(2);
        expect(await store.nextCounter('ticket:2025')).toBe(1);
        expect(await store.nextCounter('ticket:2026')).toBe(1);
        expect(await store.nextCounter('ticket:2025')).toBe(2);
        expect(await store.transaction((tx) => tx.nextCounter('event'))).toBe(3);
      });

      it('concurrent increments hand out every number exactly once', async () => {
        const values = await Promise.all([
          ...Array.from({ length: 25 }, () => store.nextCounter('ticket:2025')),
          ...Array.from({ length: 25 }, () => store.transaction((tx) => tx.nextCounter('ticket:2025'))),
        ]);
        expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });

      it('a number taken and used in one transaction is unique under concurrent transactions (ticket numbering)', async () => {
        const numbers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.transaction(async (tx) => {
              const n = await tx.nextCounter('ticket:2026');
              await tx.insert<Venue>('venues', {
                id: `t${i}`,
                name: `Ticket ${n}`,
                slug: `TT-2026-${String(n).padStart(4, '0')}`,
              });
              return n;
            }),
          ),
        );
        expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(await store.count('venues')).toBe(20);
      });

      it('a range takes the values as many single increments would, then single increments go on after it', async () => {
        expect(await store.nextCounter('event')).toBe(1);
        expect(await store.transaction((tx) => tx.nextCounterRange('event', 5))).toBe(2);
        expect(await store.nextCounter('event')).toBe(7);
        expect(await store.transaction((tx) => tx.nextCounterRange('fresh', 3))).toBe(1);
        expect(await store.nextCounter('fresh')).toBe(4);
        await expect(store.transaction((tx) => tx.nextCounterRange('event', 0))).rejects.toThrow(/count/);
      });

      it('concurrent ranges never overlap', async () => {
        const firsts = await Promise.all(
          Array.from({ length: 10 }, () => store.transaction((tx) => tx.nextCounterRange('ticket:2025', 4))),
        );
        const taken = firsts.flatMap((first) => [first, first + 1, first + 2, first + 3]);
        expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      });

      it('a range taken inside a rolled back transaction is discarded', async () => {
        await expect(
          store.transaction(async (tx) => {
            await tx.nextCounterRange('ticket:2025', 10);
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect(await store.nextCounter('ticket:2025')).toBe(1);
      });

      it('an increment inside a rolled back transaction is discarded', async () => {
        await store.nextCounter('ticket:2025');
        await expect(
          store.transaction(async (tx) => {
            await tx.nextCounter('ticket:2025');
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect(await store.nextCounter('ticket:2025')).toBe(2);
      });
    });

    describe('transactions and the outbox', () => {
      it('commit makes documents and outbox records visible together, in commit order, and wakes listeners', async () => {
        let wakeups = 0;
        const unsubscribe = store.outbox.onCommit(() => {
          wakeups += 1;
        });
        const result = await store.transaction(async (tx) => {
          await tx.insert<Venue>('venues', { id: 'a', name: 'A' });
          await tx.appendOutbox([outboxRecord('a', 1)]);
          return 'done';
        });
        await store.transaction(async (tx) => {
          await tx.insert<Venue>('venues', { id: 'b', name: 'B' });
          await tx.appendOutbox([outboxRecord('b', 1), outboxRecord('a', 2)]);
        });
        unsubscribe();
        expect(result).toBe('done');
        expect(wakeups).toBe(2);
        const pending = await store.outbox.pending(10);
        expect(pending.map((p) => [p.record.key, p.record.aggregate_version])).toEqual([
          ['a', 1],
          ['b', 1],
          ['a', 2],
        ]);
        expect(pending[0]?.record).toEqual(
          expect.objectContaining({ topic: 'evently.venues', type: 'VenueSaved', data: { key: 'a' } }),
        );
      });

      it('rollback discards documents, counters and outbox records alike', async () => {
        let wakeups = 0;
        store.outbox.onCommit(() => {
          wakeups += 1;
        });
        await expect(
          store.transaction(async (tx) => {
            await tx.insert<Venue>('venues', { id: 'a', name: 'A' });
            await tx.appendOutbox([outboxRecord('a', 1)]);
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect(await store.get('venues', 'a')).toBeNull();
        expect(await store.outbox.pending(10)).toEqual([]);
        expect(wakeups).toBe(0);
      });

      it('a failing write rolls back the earlier writes of the same transaction', async () => {
        await store.transaction((tx) => tx.insert<Venue>('venues', { id: 'a', name: 'A', slug: 'a' }));
        await expect(
          store.transaction(async (tx) => {
            await tx.update<Venue>('venues', 'a', 1, { name: 'changed' });
            await tx.appendOutbox([outboxRecord('a', 2)]);
            await tx.insert<Venue>('venues', { id: 'b', name: 'B', slug: 'a' });
          }),
        ).rejects.toBeInstanceOf(UniqueConstraintError);
        expect(await store.get<Venue>('venues', 'a')).toMatchObject({ name: 'A', version: 1 });
        expect(await store.outbox.pending(10)).toEqual([]);
      });

      it('a malformed outbox record is rejected and nothing commits', async () => {
        const malformed = { ...outboxRecord('a', 1), key: '' };
        await expect(
          store.transaction(async (tx) => {
            await tx.insert<Venue>('venues', { id: 'a', name: 'A' });
            await tx.appendOutbox([malformed]);
          }),
        ).rejects.toThrow();
        expect(await store.get('venues', 'a')).toBeNull();
      });

      it('reads inside a transaction see its writes; reads outside see only committed data', async () => {
        let insideRead: unknown;
        let outsideRead: unknown = 'not read';
        let continueTransaction!: () => void;
        const paused = new Promise<void>((resolve) => {
          continueTransaction = resolve;
        });
        const running = store.transaction(async (tx) => {
          await tx.insert<Venue>('venues', { id: 'a', name: 'A' });
          insideRead = await tx.get<Venue>('venues', 'a');
          await paused;
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        outsideRead = await store.get('venues', 'a');
        continueTransaction();
        await running;
        expect(insideRead).toMatchObject({ id: 'a', name: 'A' });
        expect(outsideRead).toBeNull();
        expect(await store.get('venues', 'a')).not.toBeNull();
      });

      it('concurrent transactions all commit', async () => {
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.transaction(async (tx) => {
              await tx.insert<Venue>('venues', { id: `c${i}`, name: `C${i}` });
              await tx.appendOutbox([outboxRecord(`c${i}`, 1)]);
            }),
          ),
        );
        expect(await store.count('venues')).toBe(20);
        expect(await store.outbox.pending(100)).toHaveLength(20);
      });

      it('markRelayed removes records from pending, and pending honours its limit', async () => {
        await store.transaction((tx) =>
          tx.appendOutbox([outboxRecord('a', 1), outboxRecord('b', 1), outboxRecord('c', 1)]),
        );
        const firstTwo = await store.outbox.pending(2);
        expect(firstTwo.map((p) => p.record.key)).toEqual(['a', 'b']);
        await store.outbox.markRelayed(firstTwo.map((p) => p.seq));
        expect((await store.outbox.pending(10)).map((p) => p.record.key)).toEqual(['c']);
      });

      it('ping answers while the engine is reachable', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });
  });
}
