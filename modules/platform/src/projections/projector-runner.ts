/**
 * Runs projectors, each in its own durable consumer group `projector.<name>`, so each one keeps its own
 * position in the log and can be rebuilt alone.
 */
import type { Logger } from 'pino';
import type { EventBus, Subscription } from '../bus/event-bus.port.ts';
import type { Projector } from './projector.ts';

export interface ProjectorRunnerOptions {
  bus: EventBus;
  projectors: Projector[];
  logger: Logger;
  /** Largest batch handed to a projector at once (bus default when omitted). */
  maxBatch?: number;
  /**
   * Largest batch during a rebuild (default 2000): a replay writes into a copy nobody reads yet, so larger
   * transactions only save per-batch work (reads of the log, commits, offset writes).
   */
  rebuildBatch?: number;
}

export interface ProjectorRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every projector has applied every message published before the call. */
  drained(): Promise<void>;
  /**
   * Replays the whole log into fresh read models of the named projectors (every read-model projector when
   * omitted). Side-effect consumers are refused: replaying them would repeat their mail and pushes.
   */
  rebuild(names?: string[], options?: RebuildOptions): Promise<void>;
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
}

const DEFAULT_REBUILD_BATCH = 2000;

export function projectorGroup(projector: Pick<Projector, 'name'>): string {
  return `projector.${projector.name}`;
}

export function createProjectorRunner(options: ProjectorRunnerOptions): ProjectorRunner {
  const { bus, logger } = options;
  const byName = new Map<string, Projector>();
  for (const projector of options.projectors) {
    if (byName.has(projector.name)) throw new Error(`two projectors are named ${projector.name}`);
    byName.set(projector.name, projector);
  }
  const running = new Map<string, Subscription>();
  let started = false;

  const subscribe = (projector: Projector, maxBatch = options.maxBatch, deferCommits = false): Promise<Subscription> =>
    bus.subscribe({
      group: projectorGroup(projector),
      topics: projector.topics,
      maxBatch,
      deferCommits,
      handle: (batch) => projector.apply(batch),
    });

  return {
    async start() {
      if (started) return;
      started = true;
      for (const projector of byName.values()) running.set(projector.name, await subscribe(projector));
      logger.info({ projectors: [...byName.keys()] }, 'projectors started');
    },
    async stop() {
      started = false;
      const subscriptions = [...running.values()];
      running.clear();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
    async drained() {
      if (!started) throw new Error('the projector runner is not started');
      await Promise.all([...running.values()].map((subscription) => subscription.drained()));
    },
    async rebuild(names, { until } = {}) {
      const replayable = [...byName.values()].filter((projector) => !projector.sideEffects).map((projector) => projector.name);
      const selected = (names ?? replayable).map((name) => {
        const projector = byName.get(name);
        if (!projector) throw new Error(`unknown projector ${name}; known: ${[...byName.keys()].join(', ')}`);
        if (projector.sideEffects) throw new Error(`${name} has side effects (mail, pushes) and is never replayed`);
        return projector;
      });
      const beginReplay = async (projector: Projector, deferCommits: boolean) => {
        const startedAt = Date.now();
        // Stop the live consumer first: a batch in flight must not commit over the reset offsets.
        await running.get(projector.name)?.stop();
        running.delete(projector.name);
        await projector.beginRebuild?.();
        await bus.resetGroup(projectorGroup(projector), projector.topics);
        return { projector, startedAt, replay: await subscribe(projector, options.rebuildBatch ?? DEFAULT_REBUILD_BATCH, deferCommits) };
      };
      const finishReplay = async ({ projector, startedAt, replay }: Awaited<ReturnType<typeof beginReplay>>) => {
        await replay.drained();
        await projector.finishRebuild?.();
        // After the swap: a crash before this replays the whole log into the swapped-in copy (idempotent).
        await replay.commit();
        // Live batches stay at their usual size: the replay's consumer hands over to a fresh one.
        await replay.stop();
        if (started) running.set(projector.name, await subscribe(projector));
        logger.info({ projector: projector.name, ms: Date.now() - startedAt }, 'projector rebuilt');
      };
      if (!until) {
        for (const projector of selected) await finishReplay(await beginReplay(projector, false));
        return;
      }
      // Handled here already: it may reject while the replays are still starting.
      until.catch(() => undefined);
      const replays: Array<Awaited<ReturnType<typeof beginReplay>>> = [];
      try {
        for (const projector of selected) replays.push(await beginReplay(projector, true));
        await until;
      } catch (error) {
        // The copies stay unfinished (never swapped in); the caller decides what to replay instead.
        await Promise.all(replays.map(({ replay }) => replay.stop()));
        throw error;
      }
      for (const replay of replays) await finishReplay(replay);
    },
  };
}
