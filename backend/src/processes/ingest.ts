/**
 * `npm run ingest -- --source ticketmaster|fever|file [--path <file-or-dir>]... [--full]`
 *
 * Runs one source once against the backend's own composition (same environment, same adapters), with a progress
 * bar on a terminal and plain lines otherwise, then prints the summary. Ctrl-C stops after the current page
 * and keeps the checkpoint; the next run resumes there. Exit code: 0 completed, 1 failed, 130 interrupted,
 * 2 bad usage or configuration.
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { BUNDLED_SAMPLES_DIR } from './bundled-samples-dir.ts';
import { IngestionConfigError, loadIngestionConfig } from './config/ingestion-config.ts';
import { createProgressReporter } from './progress/progress-reporter.ts';
import { formatRunSummary } from './progress/run-summary.ts';
import { runSource } from './runner/run-source.ts';
import { ConfigError } from '@evently/backend';
import { openBackendRuntime } from './runtime/backend-runtime.ts';
import { createFeverSource } from './sources/fever/fever-source.ts';
import { createFileSource } from './sources/file/file-source.ts';
import type { IngestionSource } from './sources/source.ts';
import { createTicketmasterSource } from './sources/ticketmaster/ticketmaster-source.ts';

const USAGE = 'Usage: npm run ingest -- --source ticketmaster|fever|file [--path <file-or-dir>]... [--full]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function sourceFromArgs(name: string | undefined, paths: string[]): IngestionSource {
  let config;
  try {
    config = loadIngestionConfig();
  } catch (error) {
    if (error instanceof IngestionConfigError) fail(error.message);
    throw error;
  }
  switch (name) {
    case 'ticketmaster':
      if (!config.ticketmaster) fail('TICKETMASTER_API_KEY is not set.');
      return createTicketmasterSource(config.ticketmaster);
    case 'fever':
      if (!config.fever) fail('FEVER_FEED_URL is not set.');
      return createFeverSource(config.fever);
    case 'file': {
      const chosen = paths.length > 0 ? paths : (config.files?.paths ?? [BUNDLED_SAMPLES_DIR]);
      return createFileSource({ paths: chosen });
    }
    default:
      return fail(name ? `Unknown source '${name}'.` : 'Missing --source.');
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        source: { type: 'string' },
        path: { type: 'string', multiple: true },
        full: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const source = sourceFromArgs(args.source, args.path ?? []);
  // Logs go to stderr so they never tear the progress bar or the summary on stdout.
  const logger = pino({ name: 'ingest', level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
  let runtime;
  try {
    runtime = await openBackendRuntime({ logger });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
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
    const result = await runSource({ store: runtime.composition.store, events: runtime.writer, logger }, source, {
      full: args.full,
      signal: controller.signal,
      onProgress: (update) => progress.update(update),
    });
    progress.stop();
    if (runtime.projecting) await runtime.drained();
    process.stdout.write(`\n${formatRunSummary(result)}`);
    return result.status === 'completed' ? 0 : result.status === 'interrupted' ? 130 : 1;
  } finally {
    progress.stop();
    await runtime.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
