/**
 * Runs projectors, each in its own durable consumer group `projector.<name>`, so each one keeps its own
 * position in the log and can be rebuilt alone.
 *
 * A rebuild replays the log from offset zero into a fresh copy through a group of its own,
 * `projector.<name>.replay`, while the live group goes on feeding the serving copy (in this process or
 * another worker's): writes stay searchable during a rebuild, and no offset of a group with live members is
 * ever moved (Kafka refuses that). Once the replay has caught up the copy is swapped in, and the replay runs
 * once more to the log's end, now into the swapped-in copy, so what the live group applied to the old copy
 * meanwhile is not lost. Versioned writes let both write the same copy for that moment.
 *
 * With a `rebuildLease`, one process rebuilds at a time across every worker and command: the others wait for
 * it (or refuse, for a command an operator runs), and the holder renews it while its replays run.
 */
import type { Logger } from 'pino';
import type { EventBus, Subscription } from '../bus/event-bus.port.ts';
import type { Lease } from '../bus/store-lease.ts';
import type { Delivered } from '../bus/envelope.ts';
import type { Projector, ProjectorRebuild } from './projector.ts';

export interface ProjectorRunnerOptions {
  bus: EventBus;
  projectors: Projector[];
  logger: Logger;
  /** Largest batch handed to a projector at once (bus default when omitted). */
  maxBatch?: number;
  /**
   * A live projector writes at most one batch per this interval unless `maxBatch` messages wait (the bus's
   * `batchIntervalMs`; 0, the default, hands each batch over as it is read). Each batch is one transaction of the read model, and
   * each commit is a new generation its readers' kept answers are checked against: a feed's trickle of
   * messages then makes a few generations a second instead of one per message or two. Freshness pays at most
   * the interval. Replays in a rebuild take full batches as fast as they come.
   */
  batchIntervalMs?: number;
  /**
   * Largest batch during a rebuild (default 2000): a replay writes into a copy nobody reads yet, so larger
   * transactions only save per-batch work (reads of the log, commits, offset writes).
   */
  rebuildBatch?: number;
  /** Rebuilds run only while this process holds it (one rebuilder across processes). */
  rebuildLease?: Lease;
  /** How often a rebuild waiting for the lease asks again (default 2 s). */
  leasePollMs?: number;
}

export interface ProjectorRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every projector has applied every message published before the call. */
  drained(): Promise<void>;
  /**
   * Replays the whole log into fresh read models of the named projectors (every read-model projector when
   * omitted). Side-effect consumers are refused: replaying them would repeat their mail and pushes. `stop()`
   * cancels a rebuild in progress (its copies are dropped) or one waiting for the lease. Answers the names
   * of the projectors rebuilt.
   */
  rebuild(names?: string[], options?: RebuildOptions): Promise<string[]>;
}

export interface RebuildOptions {
  /**
   * While another process is still appending to the log (`npm run seed` writing a first load): the replays of
   * all the named projectors run at once and keep applying what is appended until `until` resolves, then
   * catch up with the log's end and swap their copies in. If it rejects, the replays stop, no copy is swapped
   * in, and rebuild rejects with its reason.
   *
   * Such replays keep their consumer groups' positions in memory and store them once, after the swap
   * (`deferCommits`): a position stored per batch is a commit to the appending process's file on the embedded
   * log, which empties that process's page cache each time, and a group stored ahead of a copy that is never
   * swapped in would skip, in the live copy, what the replay had applied. `lag()` counts from the start until then.
   */
  until?: Promise<unknown>;
  /**
   * The live group itself replays: it is reset to the start, its live consumer here is stopped meanwhile, and
   * it ends at the log's end, so it does not apply the whole log again after the swap. Only for a first load
   * into empty indexes (nothing served can go stale) with no other process consuming the group: Kafka
   * refuses to move a group with members. Implied by `until`.
   */
  throughLiveGroup?: boolean;
  /**
   * When another process holds the rebuild lease: `wait` (default) until it is free, `refuse` with a
   * `RebuildLeaseHeldError` at once (a command an operator runs beside a worker that is rebuilding).
   */
  whenLeaseHeld?: 'wait' | 'refuse';
  /**
   * Runs once the lease is held, before any replay: answers which of the named projectors still need a
   * rebuild (another process may have done it while this one waited), and may tidy up what only the lease
   * holder may touch (copies a crashed rebuild left).
   */
  prepare?: (names: string[]) => Promise<string[]>;
}

/** `stop()` was called before a rebuild finished (waiting for the lease or replaying): no copy was swapped in. */
export class RebuildCancelledError extends Error {
  constructor() {
    super('the projector runner stopped before its rebuild finished; no copy was swapped in');
    this.name = 'RebuildCancelledError';
  }
}

/** The rebuild lease is held by another process (`whenLeaseHeld: 'refuse'`). */
export class RebuildLeaseHeldError extends Error {
  constructor(
    readonly holder: string,
    readonly expiresAt: number,
  ) {
    super(
      `Another process (${holder}) is rebuilding read models now; its lease runs until ${new Date(expiresAt).toISOString()} and is renewed while it works. ` +
        'Run this again once it has finished (its log says "projector rebuilt").',
    );
    this.name = 'RebuildLeaseHeldError';
  }
}

const DEFAULT_REBUILD_BATCH = 2000;
const DEFAULT_LEASE_POLL_MS = 2000;

export function projectorGroup(projector: Pick<Projector, 'name'>): string {
  return `projector.${projector.name}`;
}

/** The group a rebuild replays the log through, beside the live group. */
export function replayGroup(projector: Pick<Projector, 'name'>): string {
  return `${projectorGroup(projector)}.replay`;
}

export function createProjectorRunner(options: ProjectorRunnerOptions): ProjectorRunner {
  const { bus, logger } = options;
  const byName = new Map<string, Projector>();
  for (const projector of options.projectors) {
    if (byName.has(projector.name)) throw new Error(`two projectors are named ${projector.name}`);
    byName.set(projector.name, projector);
  }
  const running = new Map<string, Subscription>();
  /** Rebuilds in progress, cancelled by `stop()`. */
  const rebuilding = new Set<{ cancel(): Promise<void> }>();
  /** Rebuilds waiting for the lease: woken (and given up) by `stop()`. */
  const waiting = new Set<() => void>();
  let stops = 0;
  let started = false;
  /** Settled when the rebuild last asked for has ended: the next one starts after it. */
  let rebuildTurn: Promise<void> = Promise.resolve();

  const subscribe = (
    projector: Projector,
    {
      group = projectorGroup(projector),
      maxBatch = options.maxBatch,
      batchIntervalMs = options.batchIntervalMs ?? 0,
      deferCommits = false,
      handle = (batch: Delivered[]) => projector.apply(batch),
    } = {},
  ): Promise<Subscription> =>
    bus.subscribe({ group, topics: projector.topics, maxBatch, batchIntervalMs, deferCommits, handle });

  const selectReplayable = (names: string[] | undefined): Projector[] => {
    const replayable = [...byName.values()]
      .filter((projector) => !projector.sideEffects)
      .map((projector) => projector.name);
    return (names ?? replayable).map((name) => {
      const projector = byName.get(name);
      if (!projector) throw new Error(`unknown projector ${name}; known: ${[...byName.keys()].join(', ')}`);
      if (projector.sideEffects) throw new Error(`${name} has side effects (mail, pushes) and is never replayed`);
      return projector;
    });
  };

  /**
   * One replay: into `copy` until it is swapped in, into the serving read model after. A batch that arrives
   * while the swap runs waits for it; once cancelled, batches are left alone (the group is reset next time).
   */
  const replayInto = (projector: Projector, copy: ProjectorRebuild | undefined) => {
    let swapping: Promise<void> | null = null;
    let swapped = !copy;
    let cancelled = false;
    return {
      handle: async (batch: Delivered[]) => {
        if (swapping) await swapping.catch(() => undefined);
        if (cancelled) return;
        await (swapped || !copy ? projector.apply(batch) : copy.apply(batch));
      },
      async swap() {
        // A stopped replay may still report itself drained: its copy was dropped and must not be swapped in.
        if (cancelled) throw new RebuildCancelledError();
        if (!copy || swapped) return;
        swapping = copy.finish();
        await swapping;
        swapped = true;
      },
      isSwapped: () => swapped && copy !== undefined,
      async cancel() {
        if (cancelled) return;
        cancelled = true;
        if (!swapped)
          await copy
            ?.abort()
            .catch((error: unknown) =>
              logger.warn({ err: error, projector: projector.name }, 'could not drop the copy of a cancelled rebuild'),
            );
      },
    };
  };

  /** Beside the live group: see the header. */
  const rebuildBeside = async (projector: Projector, lease: HeldLease, cancelled: () => boolean): Promise<void> => {
    const startedAt = Date.now();
    const copy = await projector.beginRebuild?.();
    const replay = replayInto(projector, copy);
    let subscription: Subscription | undefined;
    const entry = {
      cancel: async () => {
        // Swapped in already: the short run to the log's end closes the swap's gap, so it is let finish.
        if (replay.isSwapped()) await subscription?.drained().catch(() => undefined);
        await replay.cancel();
        await subscription?.stop();
      },
    };
    rebuilding.add(entry);
    try {
      // A stop() that came while the copy was being made found nothing to cancel yet.
      if (cancelled()) throw new RebuildCancelledError();
      await bus.resetGroup(replayGroup(projector), projector.topics);
      subscription = await subscribe(projector, {
        group: replayGroup(projector),
        maxBatch: options.rebuildBatch ?? DEFAULT_REBUILD_BATCH,
        batchIntervalMs: 0,
        handle: replay.handle,
      });
      await subscription.drained();
      lease.assertHeld();
      await replay.swap();
      // What the live group applied to the old copy between the replay's end and the swap.
      await subscription.drained();
      await subscription.stop();
    } catch (error) {
      await entry.cancel();
      throw error;
    } finally {
      rebuilding.delete(entry);
    }
    logger.info({ projector: projector.name, ms: Date.now() - startedAt }, 'projector rebuilt');
  };

  /** Through the live group itself (`throughLiveGroup`, `until`). */
  const rebuildThroughLiveGroups = async (
    selected: Projector[],
    lease: HeldLease,
    until: Promise<unknown> | undefined,
  ): Promise<void> => {
    const deferCommits = until !== undefined;
    const replays: Array<{
      projector: Projector;
      startedAt: number;
      replay: ReturnType<typeof replayInto>;
      subscription: Subscription;
    }> = [];
    const cancelAll = async () => {
      for (const { replay, subscription } of replays) {
        await replay.cancel();
        await subscription.stop();
      }
    };
    const entry = { cancel: cancelAll };
    rebuilding.add(entry);
    try {
      for (const projector of selected) {
        const startedAt = Date.now();
        // Stop the live consumer first: a batch in flight must not commit over the reset offsets.
        await running.get(projector.name)?.stop();
        running.delete(projector.name);
        const copy = await projector.beginRebuild?.();
        const replay = replayInto(projector, copy);
        try {
          await bus.resetGroup(projectorGroup(projector), projector.topics);
          const subscription = await subscribe(projector, {
            maxBatch: options.rebuildBatch ?? DEFAULT_REBUILD_BATCH,
            batchIntervalMs: 0,
            deferCommits,
            handle: replay.handle,
          });
          replays.push({ projector, startedAt, replay, subscription });
        } catch (error) {
          await replay.cancel();
          throw error;
        }
      }
      if (until) await until;
      for (const { projector, startedAt, replay, subscription } of replays) {
        await subscription.drained();
        lease.assertHeld();
        await replay.swap();
        // After the swap: a crash before this replays the whole log into the swapped-in copy (idempotent).
        await subscription.commit();
        // Live batches stay at their usual size: the replay's consumer hands over to a fresh one.
        await subscription.stop();
        if (started) running.set(projector.name, await subscribe(projector));
        logger.info({ projector: projector.name, ms: Date.now() - startedAt }, 'projector rebuilt');
      }
    } catch (error) {
      // Copies not swapped in are dropped; the caller decides what to replay instead.
      await cancelAll();
      throw error;
    } finally {
      rebuilding.delete(entry);
    }
  };

  return {
    async start() {
      if (started) return;
      started = true;
      for (const projector of byName.values()) running.set(projector.name, await subscribe(projector));
      logger.info({ projectors: [...byName.keys()] }, 'projectors started');
    },
    async stop() {
      started = false;
      stops += 1;
      for (const wake of waiting) wake();
      await Promise.all([...rebuilding].map((entry) => entry.cancel()));
      const subscriptions = [...running.values()];
      running.clear();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
    async drained() {
      if (!started) throw new Error('the projector runner is not started');
      await Promise.all([...running.values()].map((subscription) => subscription.drained()));
    },
    async rebuild(names, { until, throughLiveGroup = until !== undefined, whenLeaseHeld = 'wait', prepare } = {}) {
      let selected = selectReplayable(names);
      // Handled here already: it may reject while the lease is awaited or the replays are still starting.
      until?.catch(() => undefined);
      const stopsAtStart = stops;
      // One rebuild at a time in this process as well: the lease is already this process's for a second call,
      // and two rebuilds of one index drop each other's copy (a new exchange-rates table during the start-up
      // rebuild, for one). A call waits for the one before it, then for the lease.
      const previous = rebuildTurn;
      let ended!: () => void;
      rebuildTurn = new Promise<void>((resolve) => {
        ended = resolve;
      });
      try {
        await previous;
        if (stops !== stopsAtStart) throw new RebuildCancelledError();
        const pause = (ms: number) =>
          new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              waiting.delete(wake);
              resolve();
            };
            const timer = setTimeout(wake, ms);
            waiting.add(wake);
          });
        const lease = await holdLease(options, whenLeaseHeld, logger, {
          pause,
          cancelled: () => stops !== stopsAtStart,
        });
        try {
          if (prepare) {
            const still = new Set(await prepare(selected.map((projector) => projector.name)));
            selected = selected.filter((projector) => still.has(projector.name));
          }
          const cancelled = () => stops !== stopsAtStart;
          if (throughLiveGroup) await rebuildThroughLiveGroups(selected, lease, until);
          else for (const projector of selected) await rebuildBeside(projector, lease, cancelled);
          return selected.map((projector) => projector.name);
        } catch (error) {
          // A replay stopped by stop() rejects with the subscription's own error: say what happened instead.
          if (stops !== stopsAtStart && !(error instanceof RebuildCancelledError)) throw new RebuildCancelledError();
          throw error;
        } finally {
          await lease.release();
        }
      } finally {
        ended();
      }
    },
  };
}

interface HeldLease {
  /** Throws when a renewal found the lease taken by another process (this one stalled past its expiry). */
  assertHeld(): void;
  release(): Promise<void>;
}

/** Takes the rebuild lease (waiting or refusing while another process holds it) and renews it until released. */
async function holdLease(
  options: ProjectorRunnerOptions,
  whenHeld: 'wait' | 'refuse',
  logger: Logger,
  waits: { pause(ms: number): Promise<void>; cancelled(): boolean },
): Promise<HeldLease> {
  const lease = options.rebuildLease;
  if (!lease) return { assertHeld: () => undefined, release: async () => undefined };
  let announced = false;
  while (!(await lease.acquire())) {
    const holder = await lease.current();
    if (whenHeld === 'refuse')
      throw new RebuildLeaseHeldError(holder?.holder ?? 'unknown', holder?.expiresAt ?? Date.now());
    if (!announced) {
      announced = true;
      logger.info(
        { lease: lease.name, holder: holder?.holder },
        'another process is rebuilding read models: waiting for it to finish',
      );
    }
    if (waits.cancelled()) throw new RebuildCancelledError();
    await waits.pause(options.leasePollMs ?? DEFAULT_LEASE_POLL_MS);
    if (waits.cancelled()) throw new RebuildCancelledError();
  }
  let lost = false;
  const renew = setInterval(
    () => {
      lease.acquire().then(
        (held) => {
          if (!held && !lost) {
            lost = true;
            logger.error(
              { lease: lease.name },
              'the rebuild lease was taken by another process: this rebuild will not swap its copies in',
            );
          }
        },
        (error: unknown) =>
          logger.warn({ err: error, lease: lease.name }, 'could not renew the rebuild lease; trying again'),
      );
    },
    Math.max(1, Math.floor(lease.ttlMs / 3)),
  );
  renew.unref();
  return {
    assertHeld() {
      if (lost)
        throw new Error(`lost the ${lease.name} lease to another process during the rebuild; its copy was dropped`);
    },
    async release() {
      clearInterval(renew);
      if (!lost)
        await lease
          .release()
          .catch((error: unknown) =>
            logger.warn({ err: error, lease: lease.name }, 'could not release the rebuild lease'),
          );
    },
  };
}
