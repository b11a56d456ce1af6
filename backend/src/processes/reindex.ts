/**
 * `npm run reindex [projector...]`: rebuilds read models from offset zero. Each projector replays the whole log
 * into a fresh copy through a group of its own while the live projector (in a running worker, or nowhere)
 * keeps the serving copy current, and the copy is swapped in once caught up, so the site keeps answering, and
 * keeps seeing new writes, meanwhile. Consumers with side effects (mailers) are never replayed.
 *
 * Safe beside running workers: it takes the rebuild lease, so it never races a worker's own rebuild, and it
 * moves no offset of a group the workers consume. If another process holds the lease (a worker rebuilding
 * after a schema change, another reindex), it refuses at once with who holds it and exits with status 75
 * (try again later) rather than queueing behind it.
 *
 * Progress is printed per projector, from the log's size and the replay group's lag: every ten seconds during
 * the replay and once at its end.
 */
import type { Logger } from 'pino';
import { RebuildLeaseHeldError, replayGroup, type Projector } from '@evently/platform';
import { compose, type Composition } from '../compose.ts';
import type { Config } from '../config.ts';
import { UsageError } from './usage-error.ts';
import { progressTicker } from './progress-ticker.ts';

/** Exit status when another process is rebuilding (EX_TEMPFAIL: try again later). */
export const REINDEX_BUSY_EXIT = 75;

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((total, n) => total + n, 0);

export async function runReindex({
  config,
  logger,
  names,
}: {
  config: Config;
  logger: Logger;
  names: string[];
}): Promise<void> {
  const composition = await compose({ config, logger, role: 'reindex' });
  try {
    // Side-effect consumers (mail, pushes) are not read models: replaying them would repeat what they did.
    const all = composition.modules.flatMap((m) => m.projectors).filter((p) => !p.sideEffects);
    const unknown = names.filter((name) => !all.some((p) => p.name === name));
    if (unknown.length > 0) {
      throw new UsageError(`Unknown projector ${unknown.join(', ')}; known: ${all.map((p) => p.name).join(', ')}`);
    }
    const selected = names.length > 0 ? all.filter((p) => names.includes(p.name)) : all;
    const started = Date.now();
    const totals = new Map<string, number>();
    for (const projector of selected) {
      // A group that never consumed anything lags by the whole log, which is what the rebuild will replay.
      const total = sum(await composition.bus.lag(`reindex.size-probe.${projector.name}`, projector.topics));
      totals.set(projector.name, total);
      process.stdout.write(`reindex: ${projector.name}: replaying ${total} messages from offset zero\n`);
    }
    const report = async (suffix: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      for (const projector of selected)
        process.stdout.write(
          `reindex: ${projector.name}: ${await applied(composition, projector, totals)} in ${seconds} s${suffix}\n`,
        );
    };
    const ticker = progressTicker(() => report(' so far'));
    try {
      await composition.projectors.rebuild(
        selected.map((p) => p.name),
        { whenLeaseHeld: 'refuse' },
      );
    } catch (error) {
      if (!(error instanceof RebuildLeaseHeldError)) throw error;
      process.stderr.write(`reindex: ${error.message}\n`);
      process.exitCode = REINDEX_BUSY_EXIT;
      return;
    } finally {
      ticker.stop();
    }
    await report('');
    process.stdout.write(`reindex: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await composition.close();
  }
}

async function applied(composition: Composition, projector: Projector, totals: Map<string, number>): Promise<string> {
  const total = totals.get(projector.name) ?? 0;
  const left = sum(await composition.bus.lag(replayGroup(projector), projector.topics));
  return `${Math.max(0, total - left)}/${total} messages applied`;
}
