/**
 * Runs every scope of one source in turn, sharing one rate limiter (the API's limits are per key, not per
 * scope). A bad key or a spent quota ends the whole source run; any other failure only its scope.
 */
import type { Logger } from 'pino';
import { systemClock, type Clock, type DocumentStore } from '@evently/platform';
import type { EventsWriter } from '../events-writer.ts';
import { createJsonClient, type JsonClientOptions } from '../http/json-client.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { DEFAULT_LINK_DOMAINS, type LinkAllowList } from '../normalize/link-domains.ts';
import type { IngestionSource } from '../sources/source.ts';
import { createCheckpointRepository } from './checkpoint-repository.ts';
import { createQuarantineRepository } from './quarantine-repository.ts';
import { addCounts, zeroCounts, type RunCounts } from './run-counts.ts';
import { createRunLog } from './run-log.ts';
import { runScope, type ScopeProgress, type ScopeRunResult } from './run-scope.ts';

export interface RunnerDeps {
  store: DocumentStore;
  events: EventsWriter;
  logger: Logger;
  clock?: Clock;
  /** Allowed seller and affiliate domains per event source; `DEFAULT_LINK_DOMAINS` when absent. */
  linkDomains?: LinkAllowList;
  /** HTTP behaviour overrides (tests shorten the backoff; the benchmark lifts the rate limit). */
  http?: Partial<
    Pick<JsonClientOptions, 'maxRetries' | 'baseDelayMs' | 'maxDelayMs' | 'maxRateLimitWaitMs' | 'timeoutMs'>
  >;
}

export interface RunOptions {
  /** Full sync: events of the scope that the completed run did not see are removed. */
  full?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ScopeProgress) => void;
}

export interface SourceRunResult {
  source: string;
  status: ScopeRunResult['status'];
  scopes: ScopeRunResult[];
  counts: RunCounts;
  durationMs: number;
}

const RANK: Record<ScopeRunResult['status'], number> = { completed: 0, interrupted: 1, failed: 2 };

export async function runSource(
  deps: RunnerDeps,
  source: IngestionSource,
  options: RunOptions = {},
): Promise<SourceRunResult> {
  const started = performance.now();
  let failedRequestCounts: RunCounts = zeroCounts();
  const http = createJsonClient({
    ...deps.http,
    limiter: createRateLimiter({
      perSecond: source.requestsPerSecond,
      maxWaitMs: deps.http?.maxRateLimitWaitMs ?? 60_000,
    }),
    logger: deps.logger.child({ source: source.name }),
    onFailedRequest: () => {
      failedRequestCounts.failed_requests += 1;
    },
  });
  const context = {
    events: deps.events,
    checkpoints: createCheckpointRepository(deps.store),
    quarantine: createQuarantineRepository(deps.store),
    runLog: createRunLog(deps.store),
    clock: deps.clock ?? systemClock,
    logger: deps.logger,
    http,
    countFailedRequestsIn: (counts: RunCounts) => {
      failedRequestCounts = counts;
    },
    signal: options.signal ?? new AbortController().signal,
    full: options.full ?? false,
    linkDomains: deps.linkDomains ?? DEFAULT_LINK_DOMAINS,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };

  const scopes: ScopeRunResult[] = [];
  for (const scope of source.scopes()) {
    const result = await runScope(source, scope, context);
    scopes.push(result);
    if (result.stopsSource || result.status === 'interrupted') break;
  }
  const status = scopes.reduce<ScopeRunResult['status']>(
    (worst, scope) => (RANK[scope.status] > RANK[worst] ? scope.status : worst),
    'completed',
  );
  return {
    source: source.name,
    status,
    scopes,
    counts: scopes.reduce((sum, scope) => addCounts(sum, scope.counts), zeroCounts()),
    durationMs: Math.round(performance.now() - started),
  };
}
