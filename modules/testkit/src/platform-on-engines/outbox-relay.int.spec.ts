import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore, createSqliteEventBus } from '@evently/sqlite';
import { createTempDataDir, waitFor } from '@evently/platform/testing';
import {
  type DocumentStore,
  createEnvelope,
  type Delivered,
  type OutboxRecord,
  type EventBus,
  createOutboxRelay,
} from '@evently/platform';

const logger = pino({ level: 'silent' });
const topic = 'evently.things';

function record(key: string, aggregateVersion: number): OutboxRecord {
  return createEnvelope({
    topic,
    key,
    type: 'ThingSaved',
    aggregateVersion,
    data: {},
    occurredAt: new Date('2025-06-01T10:00:00.000Z'),
  });
}

describe('outbox relay', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A store whose outbox must be relayed to a bus in another file (as with a Kafka bus in production). */
  const separateStoreAndBus = async () => {
    const temp = await createTempDataDir();
    const store = await createSqliteDocumentStore({ file: join(temp.dir, 'store.db') });
    const bus = await createSqliteEventBus({ file: join(temp.dir, 'bus.db'), retryDelayMs: 5 });
    cleanups.push(
      temp.remove,
      () => store.close(),
      () => bus.close(),
    );
    return { store, bus };
  };

  const write = (store: DocumentStore, records: OutboxRecord[]) => store.transaction((tx) => tx.appendOutbox(records));

  const consume = async (bus: EventBus) => {
    const received: Delivered[] = [];
    const subscription = await bus.subscribe({
      group: 'witness',
      topics: [topic],
      handle: async (batch) => void received.push(...batch),
    });
    cleanups.push(() => subscription.stop());
    return { received, subscription };
  };

  it('flush moves every committed record to the bus in commit order and marks it relayed', async () => {
    const { store, bus } = await separateStoreAndBus();
    await write(store, [record('a', 1), record('b', 1)]);
    await write(store, [record('a', 2)]);
    const relay = createOutboxRelay({ outbox: store.outbox, bus, logger, batchSize: 2 });
    await relay.flush();
    expect(await store.outbox.pending(10)).toEqual([]);
    const { received, subscription } = await consume(bus);
    await subscription.drained();
    expect(received.map((item) => `${item.key}@${item.aggregate_version}`)).toEqual(['a@1', 'b@1', 'a@2']);
  });

  it('once started, a commit is relayed without waiting for the safety poll', async () => {
    const { store, bus } = await separateStoreAndBus();
    const relay = createOutboxRelay({ outbox: store.outbox, bus, logger, safetyPollMs: 3_600_000 });
    relay.start();
    cleanups.push(() => relay.stop());
    const { received } = await consume(bus);
    await write(store, [record('a', 1)]);
    await waitFor(() => received.length === 1, 'the relayed record to reach the subscriber');
    expect(await store.outbox.pending(10)).toEqual([]);
  });

  it('keeps records pending while the bus refuses them, then relays them', async () => {
    const { store, bus } = await separateStoreAndBus();
    let refusals = 2;
    const flakyBus: EventBus = {
      ...bus,
      publish: async (messages) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('broker unavailable (expected by the test)');
        }
        await bus.publish(messages);
      },
    };
    const relay = createOutboxRelay({ outbox: store.outbox, bus: flakyBus, logger, retryDelayMs: 5 });
    await write(store, [record('a', 1)]);
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    expect(await store.outbox.pending(10)).toHaveLength(1);
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor(async () => (await store.outbox.pending(10)).length === 0, 'the relay to retry');
    expect(await bus.lag('nobody', [topic])).toEqual({ [topic]: 1 });
  });

  it('has nothing to do when the bus shares the store file: the outbox is the log', async () => {
    const temp = await createTempDataDir();
    const store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db') });
    await write(store, [record('early', 1)]);
    const bus = await createSqliteEventBus({ store });
    cleanups.push(
      temp.remove,
      () => store.close(),
      () => bus.close(),
    );
    let published = 0;
    const countingBus: EventBus = { ...bus, publish: async (messages) => void (published += messages.length) };
    await write(store, [record('a', 1)]);
    await createOutboxRelay({ outbox: store.outbox, bus: countingBus, logger }).flush();
    expect(published).toBe(0);
    const { received, subscription } = await consume(bus);
    await subscription.drained();
    expect(received.map((item) => item.key)).toEqual(['early', 'a']);
  });
});
