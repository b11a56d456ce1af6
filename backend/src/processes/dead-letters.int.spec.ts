import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEnvelope, type Delivered, type EventBus, type Projector } from '@evently/platform';
import { createSqliteEventBus } from '@evently/sqlite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { executeDeadLetters, parseDeadLettersArgs } from './dead-letters.ts';
import { UsageError } from './usage-error.ts';

describe('dead-letters role', () => {
  let dir: string;
  let bus: EventBus;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evently-dead-letters-'));
    bus = await createSqliteEventBus({ file: join(dir, 'log.db'), retryDelayMs: 5, maxRetryDelayMs: 20 });
  });
  afterEach(async () => {
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('parses list and replay, and refuses anything else with the usage', () => {
    expect(parseDeadLettersArgs(['list'])).toEqual({ action: 'list' });
    expect(parseDeadLettersArgs(['list', 'projector.events-search'])).toEqual({
      action: 'list',
      group: 'projector.events-search',
    });
    expect(parseDeadLettersArgs(['replay', 'abc'])).toEqual({ action: 'replay', id: 'abc' });
    expect(() => parseDeadLettersArgs(['replay'])).toThrow(UsageError);
    expect(() => parseDeadLettersArgs([])).toThrow(/dead-letters list/);
  });

  it('a poison message is listed, replayed into its projector once the cause is fixed, and removed', async () => {
    let fixed = false;
    const applied: string[] = [];
    const projector: Projector = {
      name: 'things',
      topics: ['evently.things'],
      apply: async (batch: Delivered[]) => {
        if (!fixed) throw new Error('schema refuses it (expected by the test)');
        applied.push(...batch.map((m) => m.key));
      },
    };
    const subscription = await bus.subscribe({
      group: 'projector.things',
      topics: projector.topics,
      maxAttempts: 1,
      handle: projector.apply,
    });
    await bus.publish([
      createEnvelope({
        topic: 'evently.things',
        key: 't1',
        type: 'ThingChanged',
        aggregateVersion: 1,
        data: {},
        occurredAt: new Date(0),
      }),
    ]);
    await subscription.drained();
    await subscription.stop();

    const lines: string[] = [];
    const write = (line: string) => void lines.push(line);
    await executeDeadLetters({ bus, projectors: [projector], command: { action: 'list' }, write });
    expect(lines.at(-1)).toBe('1 dead letter');
    expect(lines[0]).toMatch(/projector\.things {2}evently\.things t1@1 ThingChanged .*schema refuses it/);
    const id = lines[0]!.split(' ')[0]!;

    await expect(
      executeDeadLetters({ bus, projectors: [projector], command: { action: 'replay', id }, write }),
    ).rejects.toThrow(/schema refuses/);
    expect(await bus.deadLetters.get(id)).not.toBeNull();
    fixed = true;
    await executeDeadLetters({ bus, projectors: [projector], command: { action: 'replay', id }, write });
    expect(applied).toEqual(['t1']);
    expect(await bus.deadLetters.list()).toEqual([]);
  });
});
