/**
 * The `ingest` role: `npm run ingest -- --source ticketmaster|fever|file [--path <file-or-dir>]... [--full]`
 * (that is `tsx backend/src/main.ts ingest ...`).
 *
 * Runs one source once against the backend's own composition (same environment, same adapters), with a
 * progress bar on a terminal and plain lines otherwise, then prints the summary. Ctrl-C stops after the
 * current page and keeps the checkpoint; the next run resumes there. Exit code: 0 completed, 1 failed,
 * 130 interrupted, 2 bad usage or configuration.
 *
 * It lives in the backend (not in `@evently/ingestion`) because it boots the backend's composition: the
 * ingestion package stays a library the backend uses, so the packages layer without a cycle.
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import {
  BUNDLED_SAMPLES_DIR,
  createFeverSource,
  createFileSource,
  createProgressReporter,
  createTicketmasterSource,
  formatRunSummary,
  IngestionConfigError,
  loadIngestionConfig,
  runSource,
  type IngestionSource,
} from '@evently/ingestion';
import { ConfigError } from '../config.ts';
import { openBackendRuntime, type BackendRuntime } from './ingest-runtime.ts';
import { UsageError } from './usage-error.ts';

export const INGEST_USAGE =
  'Usage: npm run ingest -- --source ticketmaster|fever|file [--path <file-or-dir>]... [--full]';

/** main.ts prints a UsageError's message and exits 2; the usage line follows every complaint. */
const usage = (message: string) => new UsageError(`${message}\n${INGEST_USAGE}`);

function sourceFromArgs(
  name: string | undefined,
  paths: string[],
  env: Record<string, string | undefined>,
): IngestionSource {
  let config;
  try {
    config = loadIngestionConfig(env);
  } catch (error) {
    if (error instanceof IngestionConfigError) throw usage(error.message);
    throw error;
  }
  switch (name) {
    case 'ticketmaster':
      if (!config.ticketmaster) throw usage('TICKETMASTER_API_KEY is not set.');
      return createTicketmasterSource(config.ticketmaster);
    case 'fever':
      if (!config.fever) throw usage('FEVER_FEED_URL is not set.');
      return createFeverSource(config.fever);
    case 'file': {
      const chosen = paths.length > 0 ? paths : (config.files?.paths ?? [BUNDLED_SAMPLES_DIR]);
      return createFileSource({ paths: chosen });
    }
    default:
      throw usage(name ? `Unknown source '${name}'.` : 'Missing --source.');
  }
}

function parseIngestArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        source: { type: 'string' },
        path: { type: 'string', multiple: true },
        full: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw usage((error as Error).message);
  }
}

/** Runs the command and answers the exit code; usage and configuration mistakes throw UsageError. */
export async function runIngest({
  args,
  env = process.env,
}: {
  args: string[];
  env?: Record<string, string | undefined>;
}): Promise<number> {
  const values = parseIngestArgs(args);
  if (values.help) {
    process.stdout.write(`${INGEST_USAGE}\n`);
    return 0;
  }
  const source = sourceFromArgs(values.source, values.path ?? [], env);
  // Logs go to stderr so they never tear the progress bar or the summary on stdout.
  const logger = pino({ name: 'ingest', level: env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
  let runtime: BackendRuntime;
  try {
    runtime = await openBackendRuntime({ env, logger });
  } catch (error) {
    if (error instanceof ConfigError) throw usage(error.message);
    throw error;
  }

  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nStopping after the current page (press Ctrl-C again to quit at once)...\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const progress = createProgressReporter({ stream: process.stdout });
  try {
    // Validated by sourceFromArgs already; buy links outside these domains are quarantined.
    const { linkDomains } = loadIngestionConfig(env);
    const result = await runSource(
      { store: runtime.composition.store, events: runtime.writer, logger, linkDomains },
      source,
      {
        full: values.full,
        signal: controller.signal,
        onProgress: (update) => progress.update(update),
      },
    );
    progress.stop();
    if (runtime.projecting) await runtime.drained();
    process.stdout.write(`\n${formatRunSummary(result)}`);
    return result.status === 'completed' ? 0 : result.status === 'interrupted' ? 130 : 1;
  } finally {
    progress.stop();
    await runtime.close();
  }
}
