import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvelope, type Delivered, type Envelope } from '../bus/envelope.ts';
import type { EventBus } from '../bus/event-bus.port.ts';
import { createSqliteEventBus } from '../bus/sqlite-log/sqlite-event-bus.ts';
import { createTempDataDir } from '../testing/temp-dir.ts';
import type { Projector } from './projector.ts';
import { createProjectorRunner } from './projector-runner.ts';

const logger = pino({ level: 'silent' });

function message(topic: string, key: string, aggregateVersion: number, title: string): Envelope {
  return createEnvelope({ topic, key, type: 'ThingSaved', aggregateVersion, data: { title }, occurredAt: new Date('2025-06-01T10:00:00.000Z') });
}

/** A read model keyed by aggregate id that keeps only the newest version, as real projectors do. */
function memoryProjector(name: string, topics: string[]) {
  const rows = new Map<string, { version: number; title: string }>();
  const calls: string[] = [];
  let applied = 0;
  const projector: Projector = {
    name,
    topics,
    async apply(batch: Delivered[]) {
      for (const item of batch) {
        applied += 1;
        const current = rows.get(item.key);
        if (current && current.version >= item.aggregate_version) continue;
        rows.set(item.key, { version: item.aggregate_version, title: (item.data as { title: string }).title });
      }
    },
    async beginRebuild() {
      calls.push('begin');
      rows.clear();
    },
    async finishRebuild() {
      calls.push(`finish with ${rows.size} rows`);
    },
  };
  return { projector, rows, calls, applied: () => applied };
}

describe('projector runner', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const openBus = async (): Promise<EventBus> => {
    const temp = await createTempDataDir();
    const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db') });
    cleanups.push(temp.remove, () => bus.close());
    return bus;
  };

  it('runs each projector in its own group and drained waits for all of them', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const others = memoryProjector('others', ['evently.others']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector, others.projector], logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([
      message('evently.things', 't1', 1, 'first'),
      message('evently.things', 't1', 2, 'second'),
      message('evently.others', 'o1', 1, 'other'),
    ]);
    await runner.drained();
    expect(things.rows.get('t1')).toEqual({ version: 2, title: 'second' });
    expect(others.rows.get('o1')).toEqual({ version: 1, title: 'other' });
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 0 });
    expect(await bus.lag('projector.others', ['evently.others'])).toEqual({ 'evently.others': 0 });
  });

  it('never replays a side-effect consumer: rebuild of all skips it, rebuild by name refuses it', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const mailed: string[] = [];
    const mailer: Projector = {
      name: 'things-mailer',
      topics: ['evently.things'],
      sideEffects: true,
      async apply(batch) {
        for (const item of batch) mailed.push(item.id);
      },
    };
    const runner = createProjectorRunner({ bus, projectors: [things.projector, mailer], logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([message('evently.things', 't1', 1, 'first'), message('evently.things', 't2', 1, 'second')]);
    await runner.drained();
    expect(mailed).toHaveLength(2);

    await runner.rebuild();
    await expect(runner.rebuild(['things-mailer'])).rejects.toThrow(/side effects/);
    await runner.drained();
    expect(things.calls).toEqual(['begin', 'finish with 2 rows']);
    expect(mailed).toHaveLength(2);
  });

  it('rebuild starts a fresh read model, replays the whole log, then finishes', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([message('evently.things', 't1', 1, 'a'), message('evently.things', 't2', 1, 'b')]);
    await runner.drained();
    things.rows.set('stale', { version: 9, title: 'left over from an old model' });

    await runner.rebuild();
    expect(things.calls).toEqual(['begin', 'finish with 2 rows']);
    expect([...things.rows.keys()].sort()).toEqual(['t1', 't2']);
    expect(things.applied()).toBe(4);

    await bus.publish([message('evently.things', 't1', 2, 'still live after the rebuild')]);
    await runner.drained();
    expect(things.rows.get('t1')?.title).toBe('still live after the rebuild');
  });

  it('rebuild works on a runner that is not started and touches only the named projectors', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const others = memoryProjector('others', ['evently.others']);
    await bus.publish([message('evently.things', 't1', 1, 'a'), message('evently.others', 'o1', 1, 'b')]);
    const runner = createProjectorRunner({ bus, projectors: [things.projector, others.projector], logger });
    await runner.rebuild(['things']);
    expect(things.rows.size).toBe(1);
    expect(others.calls).toEqual([]);
    expect(others.rows.size).toBe(0);
    await expect(runner.rebuild(['nope'])).rejects.toThrow(/unknown projector nope/);
  });

  it('rebuild with until applies what is appended meanwhile, and swaps the copy in only after until and the log end', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    const lagOf = async () => (await bus.lag('projector.things', ['evently.things']))['evently.things'];
    // The group's stored position when the copy is swapped in: the replay stores it only afterwards.
    let lagAtSwap: number | undefined;
    const finish = things.projector.finishRebuild!;
    things.projector.finishRebuild = async () => {
      lagAtSwap = await lagOf();
      await finish();
    };
    await bus.publish([message('evently.things', 't1', 1, 'before the replay')]);
    let writesDone!: () => void;
    const rebuilt = runner.rebuild(['things'], { until: new Promise<void>((resolve) => (writesDone = resolve)) });

    await bus.publish([message('evently.things', 't2', 1, 'written during the replay')]);
    await vi.waitFor(() => expect(things.rows.has('t2')).toBe(true));
    expect(things.calls).toEqual(['begin']);
    // Applied, but not stored: the appending process's page cache is left alone.
    expect(await lagOf()).toBe(2);
    await bus.publish([message('evently.things', 't1', 2, 'the last write'), message('evently.things', 't3', 1, 'c')]);
    writesDone();
    await rebuilt;

    expect(things.calls).toEqual(['begin', 'finish with 3 rows']);
    expect(things.rows.get('t1')?.title).toBe('the last write');
    expect(lagAtSwap).toBe(4);
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 0 });
  });

  it('rebuild with until never finishes a copy when until rejects', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const others = memoryProjector('others', ['evently.others']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector, others.projector], logger });
    await bus.publish([message('evently.things', 't1', 1, 'a')]);

    await expect(runner.rebuild(['things', 'others'], { until: Promise.reject(new Error('the writer failed')) })).rejects.toThrow('the writer failed');
    expect(things.calls).toEqual(['begin']);
    // Whatever the replay applied is not stored: the live copy gets the whole log again.
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 1 });
    expect(others.calls).toEqual(['begin']);
  });

  it('a failing projector is retried until it succeeds, without holding up the others', async () => {
    const temp = await createTempDataDir();
    const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db'), retryDelayMs: 5 });
    cleanups.push(temp.remove, () => bus.close());
    const healthy = memoryProjector('healthy', ['evently.things']);
    const flaky = memoryProjector('flaky', ['evently.things']);
    let failuresLeft = 3;
    const flakyApply = flaky.projector.apply;
    flaky.projector.apply = async (batch) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('read model unavailable (expected by the test)');
      }
      await flakyApply(batch);
    };
    const runner = createProjectorRunner({ bus, projectors: [healthy.projector, flaky.projector], logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([message('evently.things', 't1', 1, 'a')]);
    await runner.drained();
    expect(failuresLeft).toBe(0);
    expect(flaky.rows.get('t1')).toEqual({ version: 1, title: 'a' });
    expect(healthy.rows.get('t1')).toEqual({ version: 1, title: 'a' });
  });

  it('drained refuses to answer before start', async () => {
    const bus = await openBus();
    const runner = createProjectorRunner({ bus, projectors: [memoryProjector('things', ['evently.things']).projector], logger });
    await expect(runner.drained()).rejects.toThrow(/not started/);
  });

  it('refuses two projectors with the same name', async () => {
    const bus = await openBus();
    const projector = memoryProjector('things', ['evently.things']).projector;
    expect(() => createProjectorRunner({ bus, projectors: [projector, projector], logger })).toThrow(/two projectors/);
  });
});
