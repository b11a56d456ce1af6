/**
 * Gauges read at scrape time: outbox backlog, consumer lag per projector group and topic, dead letters,
 * consumers waiting for a dependency that is down, and live socket connections. Each gauge asks its source only when Prometheus scrapes, so an idle process does
 * no work for metrics, and every source is optional: a process registers what it has (the api has sockets,
 * any process can read the shared backlog and lag).
 *
 * A source that fails or hangs (the bus is down) leaves its gauge empty (the backlog: NaN) for that scrape and
 * counts the failure in `evently_metrics_source_errors_total`, so one broken engine never fails the scrape.
 */
import { Counter, Gauge } from 'prom-client';
import type { Metrics } from './metrics.ts';

/** Bound on each source per scrape; Prometheus' own default scrape timeout is 10 s. */
const SOURCE_TIMEOUT_MS = 2_000;
const SOURCE_ERRORS = 'evently_metrics_source_errors_total';

export interface ConsumerGroup {
  group: string;
  topics: string[];
}

export interface PipelineSources {
  /** Committed outbox records not yet on the bus. */
  outboxBacklog?: () => Promise<number>;
  /** Messages each durable group has not handled yet, per topic (`EventBus.lag`). */
  lag?: { groups: ConsumerGroup[]; read: (group: string, topics: string[]) => Promise<Record<string, number>> };
  /** Parked poison messages per consumer group, read as counts (`DeadLetterQueue.counts`). */
  deadLetters?: () => Promise<Record<string, number>>;
  /** This process's consumer positions paused until a dependency answers (`EventBus.waiting`). */
  waiting?: () => Array<{ group: string; position: string; dependency: string; since: string }>;
  /** Open socket.io connections of this process, per namespace. */
  sockets?: () => Record<string, number>;
}

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`metrics source did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerPipelineCollectors(
  metrics: Pick<Metrics, 'registry'>,
  sources: PipelineSources,
  timeoutMs = SOURCE_TIMEOUT_MS,
): void {
  const registers = [metrics.registry];
  // Shared by every call: the composition registers the pipeline sources, the api process its sockets later.
  const sourceErrors =
    (metrics.registry.getSingleMetric(SOURCE_ERRORS) as Counter<'source'> | undefined) ??
    new Counter({
      name: SOURCE_ERRORS,
      help: 'Scrape-time reads that failed or timed out (the gauge stays empty for that scrape)',
      labelNames: ['source'],
      registers,
    });
  /** Runs one read; on failure the gauge keeps no series rather than a stale value. */
  const read = async <T>(source: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await within(work(), timeoutMs);
    } catch {
      sourceErrors.inc({ source });
      return undefined;
    }
  };

  if (sources.outboxBacklog) {
    const backlog = sources.outboxBacklog;
    new Gauge({
      name: 'evently_outbox_backlog',
      help: 'Committed outbox records not yet relayed to the bus',
      registers,
      async collect() {
        this.reset();
        // An unlabelled gauge always shows a value; NaN says "unknown" where 0 would claim an empty outbox.
        this.set((await read('outbox', backlog)) ?? Number.NaN);
      },
    });
  }

  if (sources.lag) {
    const { groups, read: readLag } = sources.lag;
    new Gauge({
      name: 'evently_consumer_lag',
      help: 'Messages a durable consumer group (projector) has not handled yet',
      labelNames: ['group', 'topic'],
      registers,
      async collect() {
        this.reset();
        const answers = await Promise.all(
          groups.map(async ({ group, topics }) => ({ group, lag: await read('lag', () => readLag(group, topics)) })),
        );
        for (const { group, lag } of answers) {
          for (const [topic, value] of Object.entries(lag ?? {})) this.set({ group, topic }, value);
        }
      },
    });
  }

  if (sources.deadLetters) {
    const deadLetters = sources.deadLetters;
    new Gauge({
      name: 'evently_dead_letters',
      help: 'Messages parked as dead letters after their retries ran out',
      labelNames: ['source'],
      registers,
      async collect() {
        this.reset();
        for (const [source, value] of Object.entries((await read('dead-letters', deadLetters)) ?? {}))
          this.set({ source }, value);
      },
    });
  }

  if (sources.waiting) {
    const waiting = sources.waiting;
    new Gauge({
      name: 'evently_consumer_waiting_seconds',
      help: 'How long a consumer position has been paused waiting for a dependency that is down (no series while none waits)',
      labelNames: ['group', 'position', 'dependency'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const entry of waiting()) {
          this.set(
            { group: entry.group, position: entry.position, dependency: entry.dependency },
            Math.max(0, (now - Date.parse(entry.since)) / 1000),
          );
        }
      },
    });
  }

  if (sources.sockets) {
    const sockets = sources.sockets;
    new Gauge({
      name: 'evently_socket_connections',
      help: 'Open socket.io connections of this process by namespace',
      labelNames: ['namespace'],
      registers,
      collect() {
        this.reset();
        for (const [namespace, value] of Object.entries(sockets())) this.set({ namespace }, value);
      },
    });
  }
}
