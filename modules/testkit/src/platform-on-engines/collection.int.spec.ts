import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTempDataDir } from '@evently/platform/testing';
import { defineCollection, type DocumentStore } from '@evently/platform';
import { createSqliteDocumentStore } from '@evently/sqlite';

interface Venue {
  name: string;
  capacity: number | null;
}
const venues = defineCollection<Venue>({
  name: 'venues',
  indexes: [['name']],
  schema: z.object({ name: z.string().min(1), capacity: z.number().int().nullable() }),
});

describe('defineCollection', () => {
  let temp: Awaited<ReturnType<typeof createTempDataDir>>;
  let store: DocumentStore;

  beforeEach(async () => {
    temp = await createTempDataDir('evently-collection-');
    store = await createSqliteDocumentStore({ file: `${temp.dir}/store.db` });
    await store.init([venues.spec]);
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  it('given typed writes, then reads return the documents with their metadata', async () => {
    const saved = await store.transaction((tx) => venues.insert(tx, { name: 'Hall', capacity: 300 }));
    const updated = await store.transaction((tx) => venues.update(tx, saved.id, saved.version, { capacity: 350 }));
    expect(updated).toMatchObject({ id: saved.id, version: 2, name: 'Hall', capacity: 350 });
    expect(await venues.get(store, saved.id)).toEqual(updated);
    expect(await venues.find(store, { where: { name: 'Hall' } })).toEqual([updated]);
    expect(await venues.count(store)).toBe(1);
    expect(await store.transaction((tx) => venues.delete(tx, saved.id))).toBe(true);
    expect(await venues.get(store, saved.id)).toBeNull();
  });

  it('given a stored document its schema refuses, then reading it fails instead of passing it on', async () => {
    const written = await store.transaction((tx) =>
      tx.insert<{ name: string; capacity: string }>('venues', { name: 'Hall', capacity: 'many' }),
    );
    await expect(venues.get(store, written.id)).rejects.toThrow(/capacity/);
  });

  it('given fields the schema does not name, then reads leave them out', async () => {
    const written = await store.transaction((tx) =>
      tx.insert<Venue & { secret: string }>('venues', { name: 'Hall', capacity: null, secret: 'x' }),
    );
    expect(await venues.findOne(store, { name: 'Hall' })).toEqual({
      id: written.id,
      version: 1,
      created_at: written.created_at,
      updated_at: written.updated_at,
      name: 'Hall',
      capacity: null,
    });
  });
});
