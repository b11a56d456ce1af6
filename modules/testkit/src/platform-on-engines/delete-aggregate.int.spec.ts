import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTempDataDir } from '@evently/platform/testing';
import {
  ConcurrencyError,
  createEnvelope,
  defineCollection,
  deleteAggregate,
  type DocumentStore,
  type Stored,
} from '@evently/platform';
import { createSqliteDocumentStore } from '@evently/sqlite';

const things = defineCollection<{ name: string }>({ name: 'things', schema: z.object({ name: z.string() }) });
const parts = defineCollection<{ thing_id: string }>({
  name: 'parts',
  indexes: [['thing_id']],
  schema: z.object({ thing_id: z.string() }),
});

const announce = (thing: Stored<{ name: string }>, version: number) =>
  createEnvelope({
    topic: 'evently.things',
    key: thing.id,
    type: 'ThingDeleted',
    aggregateVersion: version,
    data: { name: thing.name },
    occurredAt: new Date('2025-06-01T10:00:00.000Z'),
  });

describe('deleteAggregate', () => {
  let temp: Awaited<ReturnType<typeof createTempDataDir>>;
  let store: DocumentStore;

  beforeEach(async () => {
    temp = await createTempDataDir('evently-delete-aggregate-');
    // A store file of its own, so its outbox keeps what transactions appended until a relay takes it.
    store = await createSqliteDocumentStore({ file: `${temp.dir}/store.db` });
    await store.init([things.spec, parts.spec]);
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  const saved = async () => {
    const thing = await store.transaction((tx) => things.insert(tx, { name: 'lamp' }));
    const changed = await store.transaction((tx) => things.update(tx, thing.id, thing.version, { name: 'desk lamp' }));
    await store.transaction((tx) => parts.insert(tx, { thing_id: thing.id }));
    return changed;
  };

  it('given an aggregate, then it goes with what belongs to it and is announced one version past its last', async () => {
    const thing = await saved();
    const deleted = await deleteAggregate({
      store,
      collection: things,
      find: (tx) => things.get(tx, thing.id),
      alsoDelete: async (tx, found) => {
        for (const part of await parts.find(tx, { where: { thing_id: found.id } })) await parts.delete(tx, part.id);
      },
      announce,
    });
    expect(deleted).toBe(true);
    expect(await things.get(store, thing.id)).toBeNull();
    expect(await parts.count(store)).toBe(0);
    const appended = (await store.outbox.pending(10)).map(({ record }) => record);
    expect(appended).toEqual([
      expect.objectContaining({
        key: thing.id,
        type: 'ThingDeleted',
        aggregate_version: 3,
        data: { name: 'desk lamp' },
      }),
    ]);
  });

  it('given no aggregate, then nothing is written and the answer is false', async () => {
    const deleted = await deleteAggregate({ store, collection: things, find: async () => null, announce });
    expect(deleted).toBe(false);
    expect(await store.outbox.pending(10)).toEqual([]);
  });

  it('given a writer that raced it, then the deletion runs again on the fresh state', async () => {
    const thing = await saved();
    let attempts = 0;
    const deleted = await deleteAggregate({
      store,
      collection: things,
      find: (tx) => things.get(tx, thing.id),
      alsoDelete: async () => {
        attempts += 1;
        if (attempts === 1) throw new ConcurrencyError('things', thing.id, thing.version);
      },
      announce,
    });
    expect({ deleted, attempts }).toEqual({ deleted: true, attempts: 2 });
    expect(await store.outbox.pending(10)).toHaveLength(1);
  });
});
