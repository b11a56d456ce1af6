/**
 * The relay lease on the embedded store: two relays (as two worker processes would) on one SQLite file.
 * Time is a variable the test moves, so expiry needs no sleeping.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createSqliteDocumentStore } from '@evently/sqlite';
import {
  type DocumentStore,
  createStoreLease,
  createOutboxRelay,
  type OutboxSource,
  type PendingOutboxRecord,
  type EventBus,
  createEnvelope,
} from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';

const logger = pino({ level: 'silent' });

/** An outbox of `count` pending records that remembers which were relayed. */
function backlog(count: number): { outbox: OutboxSource; relayed: Set<string> } {
  const records: PendingOutboxRecord[] = Array.from({ length: count }, (_, i) => ({
    seq: String(i + 1),
    record: createEnvelope({
      topic: 't',
      key: `k${i}`,
      type: 'T',
      aggregateVersion: 1,
      data: {},
      occurredAt: new Date(0),
    }),
  }));
  const relayed = new Set<string>();
  const outbox: OutboxSource = {
    pending: async (limit) => records.filter((item) => !relayed.has(item.seq)).slice(0, limit),
    markRelayed: async (seqs) => seqs.forEach((seq) => relayed.add(seq)),
    onCommit: () => () => undefined,
  };
  return { outbox, relayed };
}

describe('store lease on one SQLite file shared by two workers', () => {
  let temp: { dir: string; remove: () => Promise<void> };
  let a: DocumentStore;
  let b: DocumentStore;
  let clock = 1_000_000;
  const now = () => clock;

  beforeEach(async () => {
    temp = await createTempDataDir('evently-lease-');
    const file = join(temp.dir, 'evently.db');
    // Two connections, as two processes would open the same file.
    a = await createSqliteDocumentStore({ file });
    b = await createSqliteDocumentStore({ file });
    clock = 1_000_000;
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await temp.remove();
  });

  it('one holds it, the other waits until it expires, then takes over; renewal keeps it', async () => {
    const first = createStoreLease({ store: a, name: 'outbox-relay', holder: 'worker-a', ttlMs: 15_000, now });
    const second = createStoreLease({ store: b, name: 'outbox-relay', holder: 'worker-b', ttlMs: 15_000, now });
    expect(await first.acquire()).toBe(true);
    expect(await second.acquire()).toBe(false);
    clock += 10_000;
    expect(await first.acquire()).toBe(true); // renewed until 25 s after the start
    clock += 10_000;
    expect(await second.acquire()).toBe(false);
    clock += 5_001;
    expect(await second.acquire()).toBe(true);
    expect(await first.acquire()).toBe(false);
  });

  it('racing for a free lease, exactly one wins', async () => {
    const leases = ['w1', 'w2', 'w3', 'w4'].map((holder, i) =>
      createStoreLease({ store: i % 2 ? a : b, name: 'race', holder, now }),
    );
    const won = await Promise.all(leases.map((lease) => lease.acquire()));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('release hands over at once', async () => {
    const first = createStoreLease({ store: a, name: 'outbox-relay', holder: 'worker-a', now });
    const second = createStoreLease({ store: b, name: 'outbox-relay', holder: 'worker-b', now });
    expect(await first.acquire()).toBe(true);
    await first.release();
    expect(await second.acquire()).toBe(true);
  });

  it('two relays over one pending outbox: only the lease holder publishes, the standby takes over when it stops', async () => {
    const records: PendingOutboxRecord[] = [
      {
        seq: '1',
        record: createEnvelope({
          topic: 't',
          key: 'k',
          type: 'T',
          aggregateVersion: 1,
          data: {},
          occurredAt: new Date(0),
        }),
      },
    ];
    const relayed = new Set<string>();
    const outbox: OutboxSource = {
      pending: async () => records.filter((item) => !relayed.has(item.seq)),
      markRelayed: async (seqs) => seqs.forEach((seq) => relayed.add(seq)),
      onCommit: () => () => undefined,
    };
    const published: Record<string, number> = { a: 0, b: 0 };
    const busFor = (name: string) =>
      ({ publish: async (messages: unknown[]) => void (published[name]! += messages.length) }) as unknown as EventBus;
    const relayA = createOutboxRelay({
      outbox,
      bus: busFor('a'),
      logger,
      lease: createStoreLease({ store: a, name: 'outbox-relay', holder: 'a', now }),
    });
    const relayB = createOutboxRelay({
      outbox,
      bus: busFor('b'),
      logger,
      lease: createStoreLease({ store: b, name: 'outbox-relay', holder: 'b', now }),
    });
    await relayA.flush();
    await relayB.flush();
    expect(published).toEqual({ a: 1, b: 0 });
    await relayA.stop();
    records.push({ seq: '2', record: { ...records[0]!.record, id: 'second' } });
    await relayB.flush();
    await relayA.flush();
    expect(published).toEqual({ a: 1, b: 1 });
    await relayB.stop();
  });

  it('a relay renews its lease while a long drain runs, so a standby never takes over mid-drain', async () => {
    const ttlMs = 15_000;
    // A backlog of 30 batches, each taking 4 s of (test) time to publish: 120 s in all, eight ttls.
    const { outbox, relayed } = backlog(30);
    const holderLease = createStoreLease({ store: a, name: 'outbox-relay', holder: 'a', ttlMs, now });
    const standbyLease = createStoreLease({ store: b, name: 'outbox-relay', holder: 'b', ttlMs, now });
    const takenByStandby: number[] = [];
    const bus = {
      publish: async () => {
        clock += 4_000;
        // The standby's safety poll, every batch: it must find the lease held each time.
        if (await standbyLease.acquire()) takenByStandby.push(clock);
      },
    } as unknown as EventBus;
    const relay = createOutboxRelay({ outbox, bus, logger, batchSize: 1, lease: holderLease, now });
    await relay.flush();
    expect(relayed.size).toBe(30);
    expect(takenByStandby).toEqual([]);
    expect((await standbyLease.current())?.holder).toBe('a');
    await relay.stop();
  });

  it('a drain stops between batches once another process holds the lease', async () => {
    const { outbox, relayed } = backlog(10);
    const holderLease = createStoreLease({ store: a, name: 'outbox-relay', holder: 'a', ttlMs: 15_000, now });
    const otherLease = createStoreLease({ store: b, name: 'outbox-relay', holder: 'b', ttlMs: 15_000, now });
    const bus = {
      publish: async () => {
        // This process stalls past its lease (a long GC pause, a lost connection) and another one takes over.
        clock += 20_000;
        await otherLease.acquire();
      },
    } as unknown as EventBus;
    const relay = createOutboxRelay({ outbox, bus, logger, batchSize: 1, lease: holderLease, now });
    await relay.flush();
    expect(relayed.size).toBe(1);
    expect((await otherLease.current())?.holder).toBe('b');
    await relay.stop();
  });
});
