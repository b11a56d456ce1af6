/**
 * The process's Prometheus metrics: one prom-client Registry per process (no global default registry, so
 * tests and several compositions in one process never share counters). Events are counted where they
 * happen (HTTP requests, mails, ingestion runs); pipeline state (outbox backlog, consumer lag, dead letters,
 * sockets) is read at scrape time by collectors (`pipeline-collectors.ts`), so nothing polls between scrapes.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  /** Request duration by method, matched route pattern (never the raw URL) and status. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly mailsSent: Counter<'mailer' | 'transport'>;
  readonly mailsFailed: Counter<'mailer' | 'transport'>;
  readonly ingestionRecords: Counter<'source' | 'outcome'>;
  readonly ingestionRuns: Counter<'source' | 'status'>;
}

export interface MetricsOptions {
  /** Node's own process metrics (heap, event loop lag, GC); off in unit tests to keep their output small. */
  processMetrics?: boolean;
  /** Labels on every series, e.g. `{ role: 'api' }`, so replicas' and roles' series stay apart. */
  defaultLabels?: Record<string, string>;
}

export function createMetrics({ processMetrics = true, defaultLabels = {} }: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels(defaultLabels);
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'evently_' });
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'evently_http_request_duration_seconds',
      help: 'HTTP request duration by matched route pattern',
      labelNames: ['method', 'route', 'status'],
      // API answers are expected well under a second; the tail buckets catch slow searches and uploads.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    mailsSent: counter('evently_mails_sent_total', 'Mails handed to the transport (SMTP server or .eml file)', [
      'mailer',
      'transport',
    ]),
    mailsFailed: counter('evently_mails_failed_total', 'Mails the transport refused or could not take', [
      'mailer',
      'transport',
    ]),
    ingestionRecords: counter(
      'evently_ingestion_records_total',
      'Feed records by outcome (created, updated, unchanged, removed, quarantined, ...)',
      ['source', 'outcome'],
    ),
    ingestionRuns: counter('evently_ingestion_runs_total', 'Finished ingestion runs by status', ['source', 'status']),
  };
}
