/**
 * `npm run seed -- --events N`: adds N generated events through the events module's normal write path (store +
 * outbox), then runs the projectors until the search index has caught up, so the events are searchable as
 * soon as the command returns (in bulk when the index was empty: project-backlog.ts).
 * Without `--events` it loads the demo catalogue into an empty store.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { compose } from '../compose.ts';
import type { Config } from '../config.ts';
import { messagesLeft, projectBacklog } from './project-backlog.ts';
import { progressTicker } from './progress-ticker.ts';
import { UsageError } from './usage-error.ts';

const countSchema = z.coerce.number().int().min(1).max(1_000_000);

export function parseSeedArgs(args: string[]): { events: number | undefined } {
  const index = args.indexOf('--events');
  if (index === -1) return { events: undefined };
  const parsed = countSchema.safeParse(args[index + 1]);
  if (!parsed.success) throw new UsageError('--events needs a whole number between 1 and 1000000');
  return { events: parsed.data };
}

export async function runSeed({ config, logger, args }: { config: Config; logger: Logger; args: string[] }): Promise<void> {
  const { events: count } = parseSeedArgs(args);
  const composition = await compose({ config, logger, role: 'seed' });
  try {
    const started = Date.now();
    let added: number;
    if (count === undefined) {
      added = await composition.events.seedDemoIfEmpty();
      if (added === 0) process.stdout.write('seed: the store already holds events; nothing added\n');
    } else {
      let last = 0;
      added = await composition.events.seed(count, (done) => {
        if (done - last >= 1000 || done === count) {
          last = done;
          process.stdout.write(`seed: ${done}/${count} events written\n`);
        }
      });
    }
    const written = Date.now();
    process.stdout.write(`seed: projecting ${added} events into the search index (written in ${((written - started) / 1000).toFixed(1)} s)\n`);
    // A million events take minutes to project: say how far it has come every few seconds.
    const ticker = progressTicker(async () => {
      const left = await messagesLeft(composition);
      process.stdout.write(`seed: ${left} messages left to project (${((Date.now() - written) / 1000).toFixed(0)} s)\n`);
    });
    let rebuilt: string[];
    try {
      rebuilt = await projectBacklog(composition);
    } finally {
      ticker.stop();
    }
    const how = rebuilt.length > 0 ? ` (rebuilt in bulk: ${rebuilt.join(', ')})` : '';
    process.stdout.write(`seed: projected in ${((Date.now() - written) / 1000).toFixed(1)} s${how}\n`);
    process.stdout.write(`seed: ${added} events added in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await composition.close();
  }
}
