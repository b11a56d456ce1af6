import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnvelope, type Envelope, type DocumentStore, type EventBus } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import { engineOf } from '../store/sqlite-engine.ts';
import { createSqliteDocumentStore } from '../store/sqlite-document-store.ts';
import { createSqliteEventBus } from './sqlite-event-bus.ts';

const message = (topic: string, key: string, data: unknown): Envelope =>
  createEnvelope({
    topic,
    key,
    type: 'Something',
    aggregateVersion: 1,
    data,
    occurredAt: new Date('2026-01-01T00:00:00Z'),
  });

describe('erasure on the embedded log', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<{ store: DocumentStore; bus: EventBus }> {
    const temp = await createTempDataDir();
    const store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db') });
    const bus = await createSqliteEventBus({ store });
    cleanups.push(
      temp.remove,
      () => store.close(),
      () => bus.close(),
    );
    return { store, bus };
  }

  const envelopes = (store: DocumentStore) =>
    (
      engineOf(store).reader.prepare('SELECT envelope FROM outbox ORDER BY seq').all() as Array<{ envelope: string }>
    ).map((row) => JSON.parse(row.envelope) as Envelope);

  it('rewrites records naming the person in place, keeping ids, order and everyone else', async () => {
    const { store, bus } = await open();
    const old = [
      message('evently.subscribers', 's1', { subscriber_id: 's1', email: 'Ana@Example.com', name: 'Ana Ruiz' }),
      message('evently.subscribers', 's2', { subscriber_id: 's2', email: 'bo@example.com', name: 'Bo Lind' }),
      message('evently.events', 'e1', { description: 'Ana Ruiz plays; bookings ana@example.com or +34 600 111 222' }),
    ];
    await bus.publish(old);
    const result = await bus.erasure.erase({
      terms: ['ana@example.com', '+34 600 111 222'],
      aggregateTerms: ['ana@example.com', '+34 600 111 222', 'Ana Ruiz'],
      aggregates: [{ topic: 'evently.subscribers', key: 's1' }],
    });
    expect(result).toEqual({ redactedRecords: 2, tombstones: 0, redactedDeadLetters: 0, compacted: false });
    const after = envelopes(store);
    expect(after.map((envelope) => envelope.id)).toEqual(old.map((envelope) => envelope.id));
    expect(after[0]?.data).toEqual({ subscriber_id: 's1', email: '[erased]', name: '[erased]' });
    expect(after[1]?.data).toEqual(old[1]?.data);
    // Another record keeps the name (it may be someone else's) but loses the address and the phone.
    expect(after[2]?.data).toEqual({ description: 'Ana Ruiz plays; bookings [erased] or [erased]' });
  });

  it('redacts dead letters of the erased aggregates and those whose error names the address', async () => {
    const { bus } = await open();
    const base = { group: 'g', attempts: 3, failed_at: '2026-01-01T00:00:00Z' };
    const delivered = (key: string, data: unknown) => ({
      ...message('evently.support-tickets', key, data),
      offset: '1',
    });
    await bus.deadLetters.add({
      ...base,
      id: 'd1',
      message: delivered('t1', { note: 'Ana Ruiz' }),
      error: 'Error: boom',
    });
    await bus.deadLetters.add({
      ...base,
      id: 'd2',
      message: delivered('t2', {}),
      error: 'Error: 550 <ana@example.com> unknown',
    });
    await bus.deadLetters.add({
      ...base,
      id: 'd3',
      message: delivered('t3', { note: 'Ana Ruiz' }),
      error: 'Error: boom',
    });
    const result = await bus.erasure.erase({
      terms: ['ana@example.com'],
      aggregateTerms: ['ana@example.com', 'Ana Ruiz'],
      aggregates: [{ topic: 'evently.support-tickets', key: 't1' }],
    });
    expect(result.redactedDeadLetters).toBe(2);
    expect((await bus.deadLetters.get('d1'))?.message.data).toEqual({ note: '[erased]' });
    expect((await bus.deadLetters.get('d2'))?.error).toBe('Error: 550 <[erased]> unknown');
    expect((await bus.deadLetters.get('d3'))?.message.data).toEqual({ note: 'Ana Ruiz' });
  });

  it('on request rewrites the file, so neither freed pages nor the WAL keep what was redacted or deleted', async () => {
    const { store, bus } = await open();
    await bus.publish([message('evently.subscribers', 's1', { email: 'ana@example.com' })]);
    await store.init([{ name: 'people' }]);
    const person = await store.transaction((tx) =>
      tx.insert<{ email: string }>('people', { email: 'ana@example.com' }),
    );
    await store.transaction((tx) => tx.delete('people', person.id));
    const file = engineOf(store).file;
    const bytes = async () =>
      (await Promise.all([file, `${file}-wal`].map((name) => readFile(name, 'latin1').catch(() => '')))).join('');
    expect(await bytes()).toContain('ana@example.com');
    const result = await bus.erasure.erase(
      { terms: ['ana@example.com'], aggregateTerms: [], aggregates: [] },
      { compact: true },
    );
    expect(result).toMatchObject({ redactedRecords: 1, compacted: true });
    expect(await bytes()).not.toContain('ana@example.com');
  });

  it('reports its progress over the whole log', async () => {
    const { bus } = await open();
    await bus.publish([message('t', 'k', {}), message('t', 'k', {})]);
    const seen: Array<[number, number]> = [];
    await bus.erasure.erase(
      { terms: ['nobody@example.com'], aggregateTerms: [], aggregates: [] },
      { onProgress: (done, total) => seen.push([done, total]) },
    );
    expect(seen.at(-1)).toEqual([2, 2]);
  });
});
