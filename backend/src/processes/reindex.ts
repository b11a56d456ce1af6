/**
 * `npm run reindex [projector...]`: rebuilds read models from offset zero. Each projector starts a fresh read
 * model, the runner replays the whole log into it, and the new copy is swapped in once caught up, so the
 * site keeps answering from the old copy meanwhile. Consumers with side effects (mailers) are never replayed.
 * Progress is printed per projector, from the log's size and the group's lag: every ten seconds during the
 * replay and once at its end.
 */
import type { Logger } from 'pino';
import { projectorGroup } from '@evently/platform';
import { compose } from '../compose.ts';
import type { Config } from '../config.ts';
import { UsageError } from './usage-error.ts';
import { progressTicker } from './progress-ticker.ts';

export async function runReindex({ config, logger, names }: { config: Config; logger: Logger; names: string[] }): Promise<void> {
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
    for (const projector of selected) {
      // A group that never consumed anything lags by the whole log, which is what the rebuild will replay.
      const size = await composition.bus.lag(`reindex.size-probe.${projector.name}`, projector.topics);
      const total = Object.values(size).reduce((sum, n) => sum + n, 0);
      const projectorStarted = Date.now();
      process.stdout.write(`reindex: ${projector.name}: replaying ${total} messages from offset zero\n`);
      const applied = async () => {
        const lag = await composition.bus.lag(projectorGroup(projector), projector.topics);
        const left = Object.values(lag).reduce((sum, n) => sum + n, 0);
        const seconds = ((Date.now() - projectorStarted) / 1000).toFixed(1);
        return `${Math.max(0, total - left)}/${total} messages applied in ${seconds} s`;
      };
      const ticker = progressTicker(async () => {
        process.stdout.write(`reindex: ${projector.name}: ${await applied()} so far\n`);
      });
      try {
        await composition.projectors.rebuild([projector.name]);
      } finally {
        ticker.stop();
      }
      process.stdout.write(`reindex: ${projector.name}: ${await applied()}\n`);
    }
    process.stdout.write(`reindex: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await composition.close();
  }
}
