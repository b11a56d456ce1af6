/**
 * `npm run seed -- --events N`: adds N generated events through the events module's normal write path (store +
 * outbox), then runs the projectors until the search index has caught up, so the events are searchable as
 * soon as the command returns (in bulk when the index was empty: project-backlog.ts).
 * Without `--events` it loads the demo catalogue into an empty store.
 *
 * A first load on the embedded log projects alongside the writes: a second process replays the log into the
 * fresh copies while this one writes (seed-projection.ts), so the two run on both cores instead of one after
 * the other. Should that process fail, the projection runs here after the writes, as it did before.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { EVENTS_TOPIC } from '@evently/events';
import { compose, type Composition } from '../compose.ts';
import type { Config } from '../config.ts';
import { messagesLeft, projectBacklog, projectorsWithEmptyIndexes } from './project-backlog.ts';
import { progressTicker } from './progress-ticker.ts';
import { startProjectionAlongside, type ProjectionAlongside } from './seed-projection.ts';
import { UsageError } from './usage-error.ts';

const countSchema = z.coerce.number().int().min(1).max(1_000_000);

export function parseSeedArgs(args: string[]): { events: number | undefined } {
  const index = args.indexOf('--events');
  if (index === -1) return { events: undefined };
  const parsed = countSchema.safeParse(args[index + 1]);
  if (!parsed.success) throw new UsageError('--events needs a whole number between 1 and 1000000');
  return { events: parsed.data };
}

export async function runSeed({
  config,
  logger,
  args,
}: {
  config: Config;
  logger: Logger;
  args: string[];
}): Promise<void> {
  const { events: count } = parseSeedArgs(args);
  // No search reader threads: the seed answers no queries, and each thread loads the code and opens the index.
  const composition = await compose({ config: { ...config, searchReaderThreads: 0 }, logger, role: 'seed' });
  try {
    const started = Date.now();
    let added: number;
    let alongside: { names: string[]; process: ProjectionAlongside } | null = null;
    if (count === undefined) {
      added = await composition.events.seedDemoIfEmpty();
      if (added === 0) process.stdout.write('seed: the store already holds events; nothing added\n');
    } else {
      // Read models of the events topic with nothing in them yet are replayed by a second process while this
      // one writes (the others have nothing to replay: the seed writes only events).
      const empty =
        config.profile.bus === 'sqlite' ? await projectorsWithEmptyIndexes(composition, [EVENTS_TOPIC]) : [];
      alongside = empty.length > 0 ? { names: empty, process: startProjectionAlongside(empty, logger) } : null;
      let last = 0;
      added = await composition.events.seed(count, (done) => {
        if (done - last >= 1000 || done === count) {
          last = done;
          process.stdout.write(`seed: ${done}/${count} events written\n`);
        }
      });
      alongside?.process.written();
    }
    const written = Date.now();
    process.stdout.write(
      `seed: projecting ${added} events into the search index (written in ${((written - started) / 1000).toFixed(1)} s)\n`,
    );
    // A million events take minutes to project: say how far it has come every few seconds. The projection
    // process stores its position only once its copies are swapped in, so until then nothing counts down.
    let waitingForProjectionProcess = alongside !== null;
    const ticker = progressTicker(async () => {
      const seconds = ((Date.now() - written) / 1000).toFixed(0);
      if (waitingForProjectionProcess) {
        process.stdout.write(
          `seed: the projection process is catching up with the writes and building its indexes (${seconds} s)\n`,
        );
        return;
      }
      const left = await messagesLeft(composition);
      process.stdout.write(`seed: ${left} messages left to project (${seconds} s)\n`);
    });
    const rebuilt: string[] = [];
    let projectedAlongside = false;
    try {
      if (alongside) {
        const outcome = await finishAlongside(alongside, composition, () => (waitingForProjectionProcess = false));
        projectedAlongside = outcome.alongside;
        rebuilt.push(...outcome.rebuilt);
      }
      rebuilt.push(...(await projectBacklog(composition)));
    } finally {
      ticker.stop();
    }
    const how =
      rebuilt.length > 0
        ? ` (rebuilt in bulk: ${rebuilt.join(', ')}${projectedAlongside ? '; alongside the writes' : ''})`
        : '';
    process.stdout.write(`seed: projected in ${((Date.now() - written) / 1000).toFixed(1)} s${how}\n`);
    process.stdout.write(`seed: ${added} events added in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await composition.close();
  }
}

/**
 * Waits for the projection process; answers the projectors it rebuilt. If it failed, the read models it left
 * empty are rebuilt here (its consumer groups may have moved past messages no swapped-in copy holds).
 */
async function finishAlongside(
  alongside: { names: string[]; process: ProjectionAlongside },
  composition: Composition,
  settled: () => void,
): Promise<{ rebuilt: string[]; alongside: boolean }> {
  try {
    const projecting = await alongside.process.finished.finally(settled);
    const writing = process.resourceUsage();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    process.stdout.write(
      `seed: writing process ${((writing.userCPUTime + writing.systemCPUTime) / 1e6).toFixed(1)} s CPU, peak ${mb(writing.maxRSS * 1024)} MB resident;` +
        ` projection process ${projecting.cpuSeconds.toFixed(1)} s CPU, peak ${mb(projecting.maxRss)} MB\n`,
    );
    return { rebuilt: alongside.names, alongside: true };
  } catch {
    // Logged when it happened (startProjectionAlongside).
    const empty = new Set(await projectorsWithEmptyIndexes(composition));
    const again = alongside.names.filter((name) => empty.has(name));
    if (again.length > 0) await composition.projectors.rebuild(again);
    return { rebuilt: again, alongside: false };
  }
}
