import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createEnvelope,
  type Delivered,
  type Envelope,
  type EventBus,
  type Projector,
  createProjectorRunner,
  RebuildCancelledError,
  RebuildLeaseHeldError,
  replayGroup,
  createStoreLease,
} from '@evently/platform';
import { createSqliteEventBus, createSqliteDocumentStore } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

const logger = pino({ level: 'silent' });

function message(topic: string, key: string, aggregateVersion: number, title: string): Envelope {
  return createEnvelope({
    topic,
    key,
    type: 'ThingSaved',
    aggregateVersion,
    data: { title },
    occurredAt: new Date('2025-06-01T10:00:00.000Z'),
  });
}

type Rows = Map<string, { version: number; title: string }>;

/** A read model keyed by aggregate id that keeps only the newest version, as real projectors do. */
function memoryProjector(name: string, topics: string[]) {
  let serving: Rows = new Map();
  let building: Rows | null = null;
  const calls: string[] = [];
  let applied = 0;
  const applyTo = (rows: Rows, batch: Delivered[]) => {
    for (const item of batch) {
      applied += 1;
      const current = rows.get(item.key);
      if (current && current.version >= item.aggregate_version) continue;
      rows.set(item.key, { version: item.aggregate_version, title: (item.data as { title: string }).title });
    }
  };
  const projector: Projector = {
    name,
    topics,
    async apply(batch: Delivered[]) {
      applyTo(serving, batch);
    },
    async beginRebuild() {
      calls.push('begin');
      const copy: Rows = new Map();
      building = copy;
      return {
        apply: async (batch) => applyTo(copy, batch),
        finish: async () => {
          calls.push(`finish with ${copy.size} rows`);
          serving = copy;
          building = null;
        },
        abort: async () => {
          calls.push('abort');
          building = null;
        },
      };
    },
  };
  return { projector, rows: () => serving, building: () => building, calls, applied: () => applied };
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
    expect(things.rows().get('t1')).toEqual({ version: 2, title: 'second' });
    expect(others.rows().get('o1')).toEqual({ version: 1, title: 'other' });
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
    things.rows().set('stale', { version: 9, title: 'left over from an old model' });

    await runner.rebuild();
    expect(things.calls).toEqual(['begin', 'finish with 2 rows']);
    expect([...things.rows().keys()].sort()).toEqual(['t1', 't2']);
    expect(things.applied()).toBe(4);

    await bus.publish([message('evently.things', 't1', 2, 'still live after the rebuild')]);
    await runner.drained();
    expect(things.rows().get('t1')?.title).toBe('still live after the rebuild');
  });

  it("live groups commit at the configured interval; a rebuild's replay takes batches as they come", async () => {
    const bus = await openBus();
    const asked: Array<{ group: string; batchIntervalMs: number | undefined }> = [];
    const subscribe = bus.subscribe.bind(bus);
    vi.spyOn(bus, 'subscribe').mockImplementation(async (args) => {
      asked.push({ group: args.group, batchIntervalMs: args.batchIntervalMs });
      return subscribe(args);
    });
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger, batchIntervalMs: 300 });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([message('evently.things', 't1', 1, 'a')]);
    await runner.drained();
    await runner.rebuild();
    expect(asked).toEqual([
      { group: 'projector.things', batchIntervalMs: 300 },
      { group: 'projector.things.replay', batchIntervalMs: 0 },
    ]);
    expect(things.rows().get('t1')?.title).toBe('a');
  });

  it('rebuild works on a runner that is not started and touches only the named projectors', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const others = memoryProjector('others', ['evently.others']);
    await bus.publish([message('evently.things', 't1', 1, 'a'), message('evently.others', 'o1', 1, 'b')]);
    const runner = createProjectorRunner({ bus, projectors: [things.projector, others.projector], logger });
    await runner.rebuild(['things']);
    expect(things.rows().size).toBe(1);
    expect(others.calls).toEqual([]);
    expect(others.rows().size).toBe(0);
    await expect(runner.rebuild(['nope'])).rejects.toThrow(/unknown projector nope/);
  });

  it('rebuild with until applies what is appended meanwhile, and swaps the copy in only after until and the log end', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    const lagOf = async () => (await bus.lag('projector.things', ['evently.things']))['evently.things'];
    // The group's stored position when the copy is swapped in: the replay stores it only afterwards.
    let lagAtSwap: number | undefined;
    const begin = things.projector.beginRebuild!;
    things.projector.beginRebuild = async () => {
      const copy = await begin();
      return {
        ...copy,
        finish: async () => {
          lagAtSwap = await lagOf();
          await copy.finish();
        },
      };
    };
    await bus.publish([message('evently.things', 't1', 1, 'before the replay')]);
    let writesDone!: () => void;
    const rebuilt = runner.rebuild(['things'], { until: new Promise<void>((resolve) => (writesDone = resolve)) });

    await bus.publish([message('evently.things', 't2', 1, 'written during the replay')]);
    await vi.waitFor(() => expect(things.building()?.has('t2')).toBe(true));
    expect(things.calls).toEqual(['begin']);
    // Applied, but not stored: the appending process's page cache is left alone.
    expect(await lagOf()).toBe(2);
    await bus.publish([message('evently.things', 't1', 2, 'the last write'), message('evently.things', 't3', 1, 'c')]);
    writesDone();
    await rebuilt;

    expect(things.calls).toEqual(['begin', 'finish with 3 rows']);
    expect(things.rows().get('t1')?.title).toBe('the last write');
    expect(lagAtSwap).toBe(4);
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 0 });
  });

  it('rebuild with until never finishes a copy when until rejects', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const others = memoryProjector('others', ['evently.others']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector, others.projector], logger });
    await bus.publish([message('evently.things', 't1', 1, 'a')]);

    await expect(
      runner.rebuild(['things', 'others'], { until: Promise.reject(new Error('the writer failed')) }),
    ).rejects.toThrow('the writer failed');
    expect(things.calls).toEqual(['begin', 'abort']);
    // Whatever the replay applied is not stored: the live copy gets the whole log again.
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 1 });
    expect(others.calls).toEqual(['begin', 'abort']);
  });

  it('live projection goes on during a rebuild, and what it applies before the swap reaches the swapped-in copy', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    await bus.publish([message('evently.things', 't1', 1, 'before the rebuild')]);
    await runner.drained();

    // The replay is held at its first batch, as a long one would be.
    let releaseReplay!: () => void;
    const replayHeld = new Promise<void>((resolve) => (releaseReplay = resolve));
    const begin = things.projector.beginRebuild!;
    things.projector.beginRebuild = async () => {
      const copy = await begin();
      return {
        ...copy,
        apply: async (batch) => {
          await replayHeld;
          await copy.apply(batch);
        },
        finish: async () => {
          // Published after the replay's end and applied by the live group to the old copy only.
          await bus.publish([message('evently.things', 't3', 1, 'between the replay and the swap')]);
          await vi.waitFor(() => expect(things.rows().has('t3')).toBe(true));
          await copy.finish();
        },
      };
    };
    const rebuilt = runner.rebuild(['things']);
    await bus.publish([message('evently.things', 't2', 1, 'during the rebuild')]);
    // Searchable at once from the serving copy, although the replay has not swapped anything in.
    await vi.waitFor(() => expect(things.rows().get('t2')?.title).toBe('during the rebuild'));
    expect(things.calls).toEqual(['begin']);
    releaseReplay();
    await rebuilt;

    expect(things.calls).toEqual(['begin', 'finish with 2 rows']);
    // The swapped-in copy: everything, the message of the swap's moment included.
    await runner.drained();
    expect([...things.rows().keys()].sort()).toEqual(['t1', 't2', 't3']);
    // The live group was never moved, and the replay had a group of its own.
    expect(await bus.lag('projector.things', ['evently.things'])).toEqual({ 'evently.things': 0 });
    expect(await bus.lag(replayGroup(things.projector), ['evently.things'])).toEqual({ 'evently.things': 0 });
  });

  it('two rebuilds asked at once in one process run one after the other, each with its own copy', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    await bus.publish([message('evently.things', 't1', 1, 'a'), message('evently.things', 't2', 1, 'b')]);
    let replaying = 0;
    let overlapped = false;
    const begin = things.projector.beginRebuild!;
    things.projector.beginRebuild = async () => {
      replaying += 1;
      overlapped ||= replaying > 1;
      const copy = await begin();
      return {
        ...copy,
        finish: async () => {
          await copy.finish();
          replaying -= 1;
        },
      };
    };
    await Promise.all([runner.rebuild(['things']), runner.rebuild(['things'])]);
    expect(overlapped).toBe(false);
    expect(things.calls).toEqual(['begin', 'finish with 2 rows', 'begin', 'finish with 2 rows']);
  });

  it('stop() cancels a rebuild in progress: the copy is dropped, the serving model stays', async () => {
    const bus = await openBus();
    const things = memoryProjector('things', ['evently.things']);
    const runner = createProjectorRunner({ bus, projectors: [things.projector], logger });
    await runner.start();
    await bus.publish([message('evently.things', 't1', 1, 'a')]);
    await runner.drained();
    let batchTaken = false;
    let releaseBatch!: () => void;
    const batchHeld = new Promise<void>((resolve) => (releaseBatch = resolve));
    const begin = things.projector.beginRebuild!;
    things.projector.beginRebuild = async () => {
      const copy = await begin();
      // A long replay: its batch is in the copy's hands when the worker is asked to stop.
      return { ...copy, apply: async () => ((batchTaken = true), await batchHeld) };
    };
    const rebuilt = runner.rebuild(['things']).catch((error: unknown) => error);
    await vi.waitFor(() => expect(batchTaken).toBe(true));
    const stopping = runner.stop();
    releaseBatch();
    await stopping;
    expect(await rebuilt).toBeInstanceOf(RebuildCancelledError);
    expect(things.calls).toEqual(['begin', 'abort']);
    expect([...things.rows().keys()]).toEqual(['t1']);
  });

  describe('with a rebuild lease (two workers on one store)', () => {
    let clock = 1_000_000;
    const openStore = async (file: string) => {
      const store = await createSqliteDocumentStore({ file });
      cleanups.push(() => store.close());
      return store;
    };

    it('a second rebuilder waits for the holder and then runs; a command refuses with who holds it', async () => {
      const temp = await createTempDataDir();
      cleanups.push(temp.remove);
      const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db') });
      cleanups.push(() => bus.close());
      const leaseOf = async (holder: string) =>
        createStoreLease({
          store: await openStore(join(temp.dir, 'store.db')),
          name: 'search-rebuild',
          holder,
          ttlMs: 60_000,
        });
      const first = memoryProjector('things', ['evently.things']);
      const second = memoryProjector('things', ['evently.things']);
      const firstRunner = createProjectorRunner({
        bus,
        projectors: [first.projector],
        logger,
        rebuildLease: await leaseOf('worker-a'),
        leasePollMs: 5,
      });
      const secondLease = await leaseOf('worker-b');
      let secondAsked = 0;
      const acquire = secondLease.acquire;
      secondLease.acquire = () => ((secondAsked += 1), acquire());
      const secondRunner = createProjectorRunner({
        bus,
        projectors: [second.projector],
        logger,
        rebuildLease: secondLease,
        leasePollMs: 5,
      });
      await bus.publish([message('evently.things', 't1', 1, 'a')]);

      let releaseFirst!: () => void;
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      const begin = first.projector.beginRebuild!;
      first.projector.beginRebuild = async () => {
        const copy = await begin();
        return { ...copy, apply: async (batch) => (await firstHeld, copy.apply(batch)) };
      };
      const firstRebuild = firstRunner.rebuild();
      await vi.waitFor(() => expect(first.calls).toEqual(['begin']));

      const refused = await secondRunner
        .rebuild(undefined, { whenLeaseHeld: 'refuse' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RebuildLeaseHeldError);
      expect((refused as RebuildLeaseHeldError).holder).toBe('worker-a');
      expect((refused as Error).message).toMatch(/Another process \(worker-a\) is rebuilding read models now/);

      const asked = secondAsked;
      const secondRebuild = secondRunner.rebuild();
      // Waiting, not failing: it keeps asking, and starts nothing of its own while the first holds the lease.
      await vi.waitFor(() => expect(secondAsked).toBeGreaterThan(asked + 3));
      expect(second.calls).toEqual([]);
      releaseFirst();
      await firstRebuild;
      await secondRebuild;
      expect(first.calls).toEqual(['begin', 'finish with 1 rows']);
      expect(second.calls).toEqual(['begin', 'finish with 1 rows']);
    });

    it('stop() ends a rebuild that is waiting for the lease', async () => {
      const temp = await createTempDataDir();
      cleanups.push(temp.remove);
      const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db') });
      cleanups.push(() => bus.close());
      const store = await openStore(join(temp.dir, 'store.db'));
      expect(
        await createStoreLease({ store, name: 'search-rebuild', holder: 'elsewhere', ttlMs: 60_000 }).acquire(),
      ).toBe(true);
      const things = memoryProjector('things', ['evently.things']);
      const lease = createStoreLease({ store, name: 'search-rebuild', holder: 'here', ttlMs: 60_000 });
      let asked = 0;
      const acquire = lease.acquire;
      lease.acquire = () => ((asked += 1), acquire());
      const runner = createProjectorRunner({
        bus,
        projectors: [things.projector],
        logger,
        rebuildLease: lease,
        leasePollMs: 60_000,
      });
      const waiting = runner.rebuild().catch((error: unknown) => error);
      await vi.waitFor(() => expect(asked).toBe(1));
      await runner.stop();
      expect(await waiting).toBeInstanceOf(RebuildCancelledError);
      expect(things.calls).toEqual([]);
    });

    it('the holder renews the lease while its replay runs, so no other process takes it', async () => {
      const temp = await createTempDataDir();
      cleanups.push(temp.remove);
      const bus = await createSqliteEventBus({ file: join(temp.dir, 'log.db') });
      cleanups.push(() => bus.close());
      clock = 1_000_000;
      const now = () => clock;
      const holderLease = createStoreLease({
        store: await openStore(join(temp.dir, 'store.db')),
        name: 'search-rebuild',
        holder: 'worker-a',
        ttlMs: 60,
        now,
      });
      const otherLease = createStoreLease({
        store: await openStore(join(temp.dir, 'store.db')),
        name: 'search-rebuild',
        holder: 'worker-b',
        ttlMs: 60,
        now,
      });
      const things = memoryProjector('things', ['evently.things']);
      const runner = createProjectorRunner({ bus, projectors: [things.projector], logger, rebuildLease: holderLease });
      await bus.publish([message('evently.things', 't1', 1, 'a')]);
      let releaseReplay!: () => void;
      const held = new Promise<void>((resolve) => (releaseReplay = resolve));
      const begin = things.projector.beginRebuild!;
      things.projector.beginRebuild = async () => {
        const copy = await begin();
        return { ...copy, apply: async (batch) => (await held, copy.apply(batch)) };
      };
      const rebuilt = runner.rebuild();
      await vi.waitFor(() => expect(things.calls).toEqual(['begin']));
      // Time passes well beyond the ttl; the holder's renewals (every third of it) move the expiry along.
      for (let step = 0; step < 5; step += 1) {
        const before = (await otherLease.current())!.expiresAt;
        clock += 50;
        await vi.waitFor(async () => expect((await otherLease.current())?.expiresAt).toBeGreaterThan(before));
        expect(await otherLease.acquire()).toBe(false);
      }
      releaseReplay();
      await rebuilt;
      // Released at the end: the other takes it at once.
      expect(await otherLease.acquire()).toBe(true);
    });
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
    expect(flaky.rows().get('t1')).toEqual({ version: 1, title: 'a' });
    expect(healthy.rows().get('t1')).toEqual({ version: 1, title: 'a' });
  });

  it('drained refuses to answer before start', async () => {
    const bus = await openBus();
    const runner = createProjectorRunner({
      bus,
      projectors: [memoryProjector('things', ['evently.things']).projector],
      logger,
    });
    await expect(runner.drained()).rejects.toThrow(/not started/);
  });

  it('refuses two projectors with the same name', async () => {
    const bus = await openBus();
    const projector = memoryProjector('things', ['evently.things']).projector;
    expect(() => createProjectorRunner({ bus, projectors: [projector, projector], logger })).toThrow(/two projectors/);
  });
});
