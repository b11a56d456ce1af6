import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { z } from 'zod';
import type { Delivered } from './envelope.ts';
import { PermanentMessageError, withDeadLetters, type DeadLetter, type DeadLetterQueue } from './dead-letters.ts';
import { DependencyOutage } from './outage.ts';

const logger = pino({ level: 'silent' });

function memoryQueue(): DeadLetterQueue & { entries: DeadLetter[] } {
  const entries: DeadLetter[] = [];
  return {
    entries,
    add: async (entry) => void entries.push(entry),
    list: async () => entries,
    get: async (id) => entries.find((entry) => entry.id === id) ?? null,
    remove: async (id) =>
      void entries.splice(
        entries.findIndex((entry) => entry.id === id),
        1,
      ),
    counts: async () => {
      const counts: Record<string, number> = {};
      for (const entry of entries) counts[entry.group] = (counts[entry.group] ?? 0) + 1;
      return counts;
    },
  };
}

const message = (offset: number | string, data: unknown = { ok: true }): Delivered => ({
  id: `m${offset}`,
  topic: 'evently.events',
  key: `k${offset}`,
  type: 'Thing',
  version: 1,
  aggregate_version: 1,
  data,
  metadata: { occurred_at: '2030-01-01T00:00:00Z' },
  offset: String(offset),
});

/** A handler that refuses messages whose data is not `{ ok: true }`, like a projector's zod parse. */
function strictHandler(applied: string[]) {
  return async (batch: Delivered[]) => {
    for (const m of batch) z.object({ ok: z.literal(true) }).parse(m.data);
    applied.push(...batch.map((m) => m.id));
  };
}

describe('withDeadLetters', () => {
  it('given a batch with a schema failure, then the good messages are applied and the poison one is set aside at once', async () => {
    const queue = memoryQueue();
    const applied: string[] = [];
    const dead: DeadLetter[] = [];
    const handle = withDeadLetters({
      group: 'g',
      handle: strictHandler(applied),
      queue,
      logger,
      onDeadLetter: (entry) => dead.push(entry),
    });
    await handle([message(1), message(2, { ok: 'no' }), message(3)]);
    expect(applied).toEqual(['m1', 'm3']);
    expect(queue.entries.map((entry) => [entry.group, entry.message.id, entry.attempts])).toEqual([['g', 'm2', 1]]);
    expect(queue.entries[0]!.error).toMatch(/^ZodError/);
    expect(dead).toHaveLength(1);
  });

  it('given a failure that is not known to be permanent, then the bus retries the batch until maxAttempts', async () => {
    const queue = memoryQueue();
    const failing = async () => {
      throw new Error('smtp 550 mailbox unavailable');
    };
    const handle = withDeadLetters({ group: 'mailer', handle: failing, queue, logger, maxAttempts: 3 });
    await expect(handle([message(7)])).rejects.toThrow(/550/);
    await expect(handle([message(7)])).rejects.toThrow(/550/);
    await handle([message(7)]);
    expect(queue.entries.map((entry) => [entry.message.id, entry.attempts])).toEqual([['m7', 3]]);
  });

  it('given an outage, then nothing is dead-lettered however many times it fails, and no attempt is counted', async () => {
    const queue = memoryQueue();
    let down = true;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9200'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 9200,
    });
    const handle = withDeadLetters({
      group: 'g',
      handle: async (batch) => {
        if (down) throw refused;
        if (batch.some((m) => m.id === 'm2')) throw new Error('cannot project m2');
      },
      queue,
      logger,
      maxAttempts: 2,
    });
    for (let round = 0; round < 50; round += 1) await expect(handle([message(1), message(2)])).rejects.toBe(refused);
    expect(queue.entries).toEqual([]);
    // Back up: the message's own failures start counting from the first, not from the outage's fifty.
    down = false;
    await expect(handle([message(1), message(2)])).rejects.toThrow(/cannot project m2/);
    await handle([message(1), message(2)]);
    expect(queue.entries.map((entry) => [entry.message.id, entry.attempts])).toEqual([['m2', 2]]);
  });

  it('given an outage while isolating a spent batch, then it waits for it and dead-letters nothing yet', async () => {
    const queue = memoryQueue();
    let calls = 0;
    const handle = withDeadLetters({
      group: 'mailer',
      handle: async (batch) => {
        calls += 1;
        // The batch fails on its own; isolating it, the SMTP relay goes away.
        if (batch.length > 1) throw new Error('cannot render m1');
        if (calls <= 3) throw new DependencyOutage('smtp', 'relay unavailable');
        if (batch[0]!.id === 'm1') throw new Error('cannot render m1');
      },
      queue,
      logger,
      maxAttempts: 1,
    });
    await expect(handle([message(1), message(2)])).rejects.toThrow(/relay unavailable/);
    expect(queue.entries).toEqual([]);
    await handle([message(1), message(2)]);
    expect(queue.entries.map((entry) => entry.message.id)).toEqual(['m1']);
  });

  it('counts attempts per (topic, partition, offset): other partitions succeeding in between never reset a poison count', async () => {
    const queue = memoryQueue();
    const handle = withDeadLetters({
      group: 'g',
      handle: async (batch) => {
        if (batch.some((m) => m.offset === '0:7')) throw new Error('cannot project this');
      },
      queue,
      logger,
      maxAttempts: 3,
    });
    // Kafka offsets name their partition: partition 0 holds the poison, partitions 1 and 2 keep flowing.
    for (let round = 0; round < 2; round += 1) {
      await expect(handle([message('0:7')])).rejects.toThrow();
      await handle([message(`1:${round}`)]);
      await handle([message(`2:${round}`)]);
    }
    await handle([message('0:7')]);
    expect(queue.entries.map((entry) => [entry.message.offset, entry.attempts])).toEqual([['0:7', 3]]);
  });

  it('given a PermanentMessageError, then the message is set aside without waiting for the retries', async () => {
    const queue = memoryQueue();
    const handle = withDeadLetters({
      group: 'g',
      handle: async () => {
        throw new PermanentMessageError('recipient refused');
      },
      queue,
      logger,
    });
    await handle([message(1)]);
    expect(queue.entries).toHaveLength(1);
  });

  it('counts failures per batch: a new batch starts from zero', async () => {
    const queue = memoryQueue();
    let fail = true;
    const handle = withDeadLetters({
      group: 'g',
      handle: async () => {
        if (fail) throw new Error('flaky');
      },
      queue,
      logger,
      maxAttempts: 2,
    });
    await expect(handle([message(1)])).rejects.toThrow();
    fail = false;
    await handle([message(1)]);
    fail = true;
    await expect(handle([message(2)])).rejects.toThrow();
    expect(queue.entries).toEqual([]);
  });
});
