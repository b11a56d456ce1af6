import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { z } from 'zod';
import type { Delivered } from './envelope.ts';
import { PermanentMessageError, withDeadLetters, type DeadLetter, type DeadLetterQueue } from './dead-letters.ts';

const logger = pino({ level: 'silent' });

function memoryQueue(): DeadLetterQueue & { entries: DeadLetter[] } {
  const entries: DeadLetter[] = [];
  return {
    entries,
    add: async (entry) => void entries.push(entry),
    list: async () => entries,
    get: async (id) => entries.find((entry) => entry.id === id) ?? null,
    remove: async (id) => void entries.splice(entries.findIndex((entry) => entry.id === id), 1),
  };
}

const message = (offset: number, data: unknown = { ok: true }): Delivered => ({
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
    const handle = withDeadLetters({ group: 'g', handle: strictHandler(applied), queue, logger, onDeadLetter: (entry) => dead.push(entry) });
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

  it('given every message of a batch failing for a transient reason, then nothing is dead-lettered: the engine is down', async () => {
    const queue = memoryQueue();
    const down = async () => {
      throw new Error('search index unreachable');
    };
    const handle = withDeadLetters({ group: 'g', handle: down, queue, logger, maxAttempts: 1 });
    await expect(handle([message(1), message(2)])).rejects.toThrow(/unreachable/);
    expect(queue.entries).toEqual([]);
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
