/**
 * The bulk projection of a first load, in a second process while `npm run seed` writes. The seed starts it
 * when the read models' search indexes are empty and the log is the embedded one; it replays the log into fresh copies (the rebuild path of project-backlog.ts) and keeps
 * applying what the seed appends, so the projection runs on the second core instead of after the writes.
 * Once the seed says its writes are committed, it catches up with the log's end and swaps the copies in.
 * Its consumer groups' positions are stored once, after the swap (the runner's `until` replays defer their
 * commits): a position stored per batch emptied the seed's page cache each time (docs/performance.md).
 *
 * The same read model as projecting after the writes: the replay is the projectors' ordinary rebuild, and
 * projectors are replayable by contract. Only the seed starts this role (over an IPC channel), never a person.
 */
import { fork } from 'node:child_process';
import type { Logger } from 'pino';
import { compose } from '../compose.ts';
import type { Config } from '../config.ts';
import { UsageError } from './usage-error.ts';

export const SEED_PROJECTION_ROLE = 'seed-projection';

/** The seed's message once every write is committed. */
const WRITTEN = 'written';

interface Finished {
  /** Peak resident set of the projection process, in bytes. */
  maxRss: number;
  /** Its CPU time (user + system), in seconds. */
  cpuSeconds: number;
}

const isFinished = (message: unknown): message is Finished => typeof (message as Finished | null)?.maxRss === 'number';

/** The child's side: replays `names` until the seed's writes are done, then swaps the copies in. */
export async function runSeedProjection({
  config,
  logger,
  names,
}: {
  config: Config;
  logger: Logger;
  names: string[];
}): Promise<void> {
  const send = process.send?.bind(process);
  if (!send)
    throw new UsageError(
      `${SEED_PROJECTION_ROLE} is started by \`seed\` over an IPC channel; run \`seed --events N\` instead`,
    );
  if (names.length === 0) throw new UsageError(`${SEED_PROJECTION_ROLE} needs the projectors to rebuild`);
  const written = new Promise<void>((resolve, reject) => {
    process.on('message', (message) => {
      if (message === WRITTEN) resolve();
    });
    // The seed died or gave up: no copy is swapped in, and the seed (or the worker) replays an empty index.
    const gone = () => reject(new Error('the seed process went away before its writes were committed'));
    process.once('disconnect', gone);
    // A seed killed while this process was still loading disconnected before there was a listener to hear it.
    if (!process.connected) gone();
  });
  // Writes only: no search reader threads (each loads the code and opens the index).
  const composition = await compose({
    config: { ...config, searchReaderThreads: 0 },
    logger,
    role: SEED_PROJECTION_ROLE,
  });
  try {
    await composition.projectors.rebuild(names, { until: written });
  } finally {
    await composition.close();
  }
  const usage = process.resourceUsage();
  send({ maxRss: usage.maxRSS * 1024, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 } satisfies Finished);
  process.disconnect();
}

export interface ProjectionAlongside {
  /** Tells the projection process that every write is committed. */
  written(): void;
  /** Resolves once it has swapped the copies in; rejects if it failed or exited early. */
  finished: Promise<Finished>;
}

/** The seed's side: starts this entry point again as the projection process of `names`. */
export function startProjectionAlongside(names: string[], logger: Logger): ProjectionAlongside {
  const entry = process.argv[1];
  if (!entry) throw new Error('cannot start the projection process: no entry script in process.argv');
  // Same node flags (the TypeScript loader under tsx), environment and output as this process.
  const child = fork(entry, [SEED_PROJECTION_ROLE, ...names], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let report: Finished | null = null;
  child.on('message', (message) => {
    if (isFinished(message)) report = message;
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && report) resolve(report);
      else
        reject(
          new Error(`the projection process ended with ${signal ?? `exit code ${code}`} before swapping its copies in`),
        );
    });
  });
  // Settled by the seed after its writes; a failure before that is logged at once.
  finished.catch((error: unknown) =>
    logger.error({ err: error }, 'seed: the projection process failed; projecting after the writes instead'),
  );
  return {
    written: () => {
      if (child.connected) child.send(WRITTEN);
    },
    finished,
  };
}
