/**
 * Entry point of every process: `tsx backend/src/main.ts <role> [options]`.
 *
 *   all        api + worker in one process (default; what `npm start` runs)
 *   api        HTTP API, SPA and socket.io
 *   worker     outbox relay, projectors and module schedulers
 *   ingestion  feed workers on their configured intervals (writes only; the worker projects)
 *   reindex    rebuild read models from offset zero: `reindex [projector...]`
 *   seed       load demo events: `seed [--events N]`
 *   seed-projection  started by `seed` only: projects a first load in a second process (seed-projection.ts)
 *   dead-letters  list or replay messages consumers gave up on: `dead-letters list [group] | replay <id>`
 *   ingest     run one feed once with a progress bar: `ingest --source ticketmaster|fever|file [--path p]... [--full]`
 *   offers     compare-offers groups: `offers list <eventId> | offers split <eventId> [reason]`
 *   erase      one person's data out of the store, the log and the search index: `erase --email <address>`
 */
import { IngestionConfigError } from '@evently/ingestion';
import { createLogger } from '@evently/platform';
import { ConfigError, loadConfig } from './config.ts';
import { StorageError } from './storage-check.ts';
import { runIngest } from './processes/ingest.ts';
import { runIngestion } from './processes/ingestion.ts';
import { runOffers } from './processes/offers.ts';
import { runDeadLetters } from './processes/dead-letters.ts';
import { runErase } from './processes/erase.ts';
import { runReindex } from './processes/reindex.ts';
import { runSeed } from './processes/seed.ts';
import { runSeedProjection } from './processes/seed-projection.ts';
import { yieldToServing } from './processes/yield-to-serving.ts';
import { startServer } from './processes/server-process.ts';
import { stopOnSignals } from './processes/stop-on-signals.ts';
import { UsageError } from './processes/usage-error.ts';

const ROLES = [
  'all',
  'api',
  'worker',
  'ingestion',
  'reindex',
  'seed',
  'seed-projection',
  'ingest',
  'dead-letters',
  'offers',
  'erase',
] as const;
type Role = (typeof ROLES)[number];

async function main(): Promise<void> {
  const [roleArg = 'all', ...rest] = process.argv.slice(2);
  if (!(ROLES as readonly string[]).includes(roleArg)) {
    process.stderr.write(`Unknown role '${roleArg}'. Use one of: ${ROLES.join(', ')}\n`);
    process.exit(2);
  }
  const role = roleArg as Role;
  // Bulk writers give way to the processes that answer visitors (yield-to-serving.ts).
  if (role === 'seed' || role === 'ingest' || role === 'ingestion') yieldToServing();
  // A one-off command with its own exit codes (130 interrupted) and its own stderr logger; it reads the
  // configuration itself so a bad value is a usage error (2), like any other mistake on its command line.
  if (role === 'ingest') process.exit(await runIngest({ args: rest }));
  const config = loadConfig();
  const logger = createLogger({ name: role, level: config.logLevel });

  switch (role) {
    case 'all':
    case 'api':
    case 'worker': {
      const server = await startServer({
        config,
        logger,
        roles: { api: role !== 'worker', worker: role !== 'api' },
      });
      stopOnSignals(server.stop, logger);
      return;
    }
    case 'ingestion':
      await runIngestion({ config, logger });
      return;
    case 'reindex':
      await runReindex({ config, logger, names: rest });
      return;
    case 'seed':
      await runSeed({ config, logger, args: rest });
      return;
    case 'seed-projection':
      await runSeedProjection({ config, logger, names: rest });
      return;
    case 'dead-letters':
      await runDeadLetters({ config, logger, args: rest });
      return;
    case 'offers':
      await runOffers({ config, logger, args: rest });
      return;
    case 'erase':
      await runErase({ config, logger, args: rest });
      return;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof IngestionConfigError || error instanceof StorageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
