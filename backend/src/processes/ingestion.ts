/**
 * The `ingestion` role: runs every feed the environment configures (Ticketmaster, Fever, files) on its own
 * interval through the events module's commands, until SIGTERM. It only writes; the worker projects what it
 * writes, so this role can be scaled and restarted independently of the api and the worker.
 */
import type { Logger } from 'pino';
import { configuredSources, createIngestionScheduler, eventsWriterFrom, loadIngestionConfig } from '@evently/ingestion';
import { compose } from '../compose.ts';
import type { Config } from '../config.ts';
import { recordIngestionRun } from '../observability/ingestion-metrics.ts';
import { startMetricsListener } from './server-process.ts';
import { stopOnSignals } from './stop-on-signals.ts';

export async function runIngestion({
  config,
  logger,
  env = process.env,
}: {
  config: Config;
  logger: Logger;
  env?: Record<string, string | undefined>;
}): Promise<void> {
  // A bad feed setting throws IngestionConfigError, which main.ts prints as one line like its own.
  const ingestionConfig = loadIngestionConfig(env);
  const sources = configuredSources(ingestionConfig);
  const composition = await compose({ config, logger, role: 'ingestion', env });
  const scheduler = createIngestionScheduler({
    deps: {
      store: composition.store,
      events: eventsWriterFrom(composition.events),
      logger: logger.child({ component: 'ingestion' }),
      // Buy links outside these seller domains are quarantined (TICKETMASTER_LINK_DOMAINS, FEVER_LINK_DOMAINS).
      linkDomains: ingestionConfig.linkDomains,
    },
    sources,
    fullSyncEveryMs: ingestionConfig.fullSyncEveryHours * 3_600_000,
    onRun: (result) => recordIngestionRun(composition.metrics, result),
  });
  const metricsServer = await startMetricsListener(config, composition, logger);
  scheduler.start();
  logger.info(
    { sources: sources.map((s) => ({ name: s.source.name, everyMinutes: s.intervalMs / 60_000 })) },
    'ingestion started',
  );
  if (sources.length === 0)
    logger.warn('no feed is configured (TICKETMASTER_API_KEY, FEVER_FEED_URL or INGEST_FILE_PATHS); idling');

  stopOnSignals(async () => {
    await metricsServer?.close();
    await scheduler.stop();
    await composition.close();
  }, logger);
}
