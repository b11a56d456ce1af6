/**
 * `npm run reindex [projector...]`: rebuilds read models from offset zero. Each projector starts a fresh read
 * model, the runner replays the whole log into it, and the new copy is swapped in once caught up, so the
 * site keeps answering from the old copy meanwhile. Progress is printed from the consumer groups' lag.
 */
import type { Logger } from 'pino';
import { projectorGroup } from '@evently/platform';
import { compose } from '../compose.ts';
import type { Config } from '../config.ts';

export async function runReindex({ config, logger, names }: { config: Config; logger: Logger; names: string[] }): Promise<void> {
  const composition = await compose({ config, logger, role: 'reindex' });
  try {
    const all = composition.modules.flatMap((m) => m.projectors);
    const unknown = names.filter((name) => !all.some((p) => p.name === name));
    if (unknown.length > 0) {
      throw new Error(`Unknown projector ${unknown.join(', ')}; known: ${all.map((p) => p.name).join(', ')}`);
    }
    const selected = names.length > 0 ? all.filter((p) => names.includes(p.name)) : all;
    const totals = new Map<string, number>();
    const report = async () => {
      for (const projector of selected) {
        const lag = await composition.bus.lag(projectorGroup(projector), projector.topics);
        const left = Object.values(lag).reduce((sum, n) => sum + n, 0);
        const total = Math.max(totals.get(projector.name) ?? 0, left);
        totals.set(projector.name, total);
        process.stdout.write(`reindex: ${projector.name} ${total - left}/${total} messages\n`);
      }
    };
    const started = Date.now();
    process.stdout.write(`reindex: rebuilding ${selected.map((p) => p.name).join(', ')} from offset zero\n`);
    const ticker = setInterval(() => void report().catch(() => undefined), 1000);
    try {
      await composition.projectors.rebuild(selected.map((p) => p.name));
    } finally {
      clearInterval(ticker);
    }
    await report();
    process.stdout.write(`reindex: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await composition.close();
  }
}
