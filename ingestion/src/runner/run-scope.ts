/**
 * One run of one source scope: resume or start a checkpoint, walk the pages, apply each normalised record
 * through the events module, commit a checkpoint after each page, and (full sync) remove what the completed
 * run did not see. Bad records are quarantined; only the source itself (401, quota, a page that never
 * arrives) or the store can end a run early, and then the checkpoint keeps the place for the next run.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '@evently/platform';
import type { SourceEventInput, UpsertOutcome } from '@evently/events';
import type { EventsWriter } from '../events-writer.ts';
import type { JsonClient } from '../http/json-client.ts';
import { QuotaExhaustedError, SourceAuthError, SourceStoppedError } from '../http/source-errors.ts';
import { offDomainLinkReason, type LinkAllowList } from '../normalize/link-domains.ts';
import type { NormalizeOutcome } from '../normalize/outcome.ts';
import type { IngestionSource, SourceScope } from '../sources/source.ts';
import { seenKey, type Checkpoint, type CheckpointRepository } from './checkpoint-repository.ts';
import { readAhead } from './read-ahead.ts';
import { extendLease, newLease } from './run-lease.ts';
import type { QuarantineItem, QuarantineRepository } from './quarantine-repository.ts';
import { zeroCounts, type RunCounts } from './run-counts.ts';
import type { RunLog, RunStatus } from './run-log.ts';

export interface ScopeProgress {
  source: string;
  scope: string;
  counts: RunCounts;
  estimatedTotal: number | null;
}

export interface ScopeRunResult {
  source: string;
  scope: string;
  runId: string;
  mode: Checkpoint['mode'];
  status: Exclude<RunStatus, 'running'>;
  /** Why the run stopped early (the API's own message for a 401). */
  error: string | null;
  /** True when the source as a whole cannot go on (bad key, quota spent): later scopes are not tried. */
  stopsSource: boolean;
  resumed: boolean;
  counts: RunCounts;
  durationMs: number;
}

export interface ScopeRunContext {
  events: EventsWriter;
  checkpoints: CheckpointRepository;
  quarantine: QuarantineRepository;
  runLog: RunLog;
  clock: Clock;
  logger: Logger;
  http: JsonClient;
  /** The runner points this at the live counts so failed requests are counted where they happen. */
  countFailedRequestsIn: (counts: RunCounts) => void;
  signal: AbortSignal;
  full: boolean;
  /** Allowed seller domains per event source: an event linking elsewhere is quarantined, never published. */
  linkDomains: LinkAllowList;
  onProgress?: (progress: ScopeProgress) => void;
}

const REMOVED_MISSING = 'missing from a completed full sync';
const REMOVED_CANCELLED = 'cancelled at source';

/** Errors that say "this record is not acceptable" rather than "the system is broken". */
function isRejection(error: unknown): boolean {
  const candidate = error as { name?: unknown; status?: unknown } | null;
  return (
    candidate?.name === 'ZodError' ||
    (typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500)
  );
}

/** A normaliser bug on one odd record must not end the run: that record is quarantined instead. */
function normalizeSafely(source: IngestionSource, raw: unknown): NormalizeOutcome[] {
  try {
    return source.normalize(raw);
  } catch (error) {
    return [
      {
        kind: 'quarantine',
        source: source.name,
        externalId: null,
        reason: `could not normalise: ${(error as Error).message}`,
        raw,
      },
    ];
  }
}

const clone = (checkpoint: Checkpoint): Checkpoint => structuredClone(checkpoint);

/** Resumes the scope's unfinished run, or starts a new one; `busy` when another live run holds the scope. */
async function openCheckpoint(source: IngestionSource, scope: SourceScope, context: ScopeRunContext) {
  const wanted: Checkpoint['mode'] = context.full ? 'full' : 'incremental';
  const now = context.clock.now();
  let resumed = false;
  const claimed = await context.checkpoints.claim(source.name, scope.key, newLease(now), now, (stored) => {
    if (stored?.status === 'running' && !(context.full && stored.mode === 'incremental')) {
      resumed = true;
      // A checkpoint written by an older version lacks the newer counts; they start at zero.
      return { ...stored, counts: { ...zeroCounts(), ...stored.counts } };
    }
    return {
      source: source.name,
      scope: scope.key,
      run_id: randomUUID(),
      mode: wanted,
      status: 'running',
      phase: 'pages',
      cursor: null,
      counts: zeroCounts(),
      active_ms: 0,
      run_started_at: now.toISOString(),
      estimated_total: null,
      last_completed_at: stored?.last_completed_at ?? null,
      last_full_completed_at: stored?.last_full_completed_at ?? null,
      lease: null,
    };
  });
  if ('busy' in claimed) return { busy: claimed.busy };
  // An unfinished incremental run is abandoned when a full sync is asked for: the full sync covers it.
  const previous = claimed.previous;
  if (!resumed && previous?.status === 'running') await context.checkpoints.dropSeen(previous.run_id);
  return { checkpoint: claimed.checkpoint, resumed };
}

export async function runScope(
  source: IngestionSource,
  scope: SourceScope,
  context: ScopeRunContext,
): Promise<ScopeRunResult> {
  const opened = await openCheckpoint(source, scope, context);
  if (opened.busy) {
    const holder = opened.busy;
    const error = `another run holds ${source.name} ${scope.key} (process ${holder.pid} on ${holder.host}, lease until ${holder.until})`;
    context.logger.warn({ source: source.name, scope: scope.key, holder }, 'scope is busy; not running it now');
    return {
      source: source.name,
      scope: scope.key,
      runId: '',
      mode: context.full ? 'full' : 'incremental',
      status: 'failed',
      error,
      stopsSource: false,
      resumed: false,
      counts: zeroCounts(),
      durationMs: 0,
    };
  }
  let committed = clone(opened.checkpoint);
  const live = clone(opened.checkpoint);
  context.countFailedRequestsIn(live.counts);
  const startedAt = performance.now();
  const previouslyActiveMs = opened.checkpoint.active_ms;
  const elapsed = () => previouslyActiveMs + (performance.now() - startedAt);
  const logger = context.logger.child({ source: source.name, scope: scope.key, run: live.run_id });
  const previous = await context.runLog.get(live.run_id);
  const resumes = (previous?.resumes ?? -1) + 1;
  const record = (status: RunStatus, error: string | null) =>
    context.runLog.write(live.run_id, {
      source: source.name,
      scope: scope.key,
      mode: live.mode,
      status,
      started_at: live.run_started_at,
      finished_at: status === 'running' ? null : context.clock.now().toISOString(),
      resumes,
      counts: live.counts,
      duration_ms: Math.round(elapsed()),
      error,
    });
  await record('running', null);
  if (opened.resumed) logger.info({ pages: live.counts.pages, phase: live.phase }, 'resuming run from checkpoint');

  const commit = async (seen: string[] | null) => {
    live.active_ms = Math.round(elapsed());
    if (live.lease) live.lease = extendLease(live.lease, context.clock.now());
    await context.checkpoints.savePage(live, seen);
    committed = clone(live);
  };

  const countUpsert = (
    { outcome, linked_to }: { outcome: UpsertOutcome; linked_to?: string },
    event: SourceEventInput,
    seen: string[] | null,
  ) => {
    live.counts[outcome] += 1;
    if (linked_to) live.counts.linked = (live.counts.linked ?? 0) + 1;
    seen?.push(seenKey(event.source, event.external_id));
  };

  async function upsertOne(
    event: SourceEventInput,
    seen: string[] | null,
    quarantined: QuarantineItem[],
  ): Promise<void> {
    try {
      countUpsert(await context.events.upsertFromSource(event), event, seen);
    } catch (error) {
      if (!isRejection(error)) throw error;
      quarantined.push({
        source: event.source,
        externalId: event.external_id,
        reason: `rejected by the events module: ${(error as Error).message}`,
        raw: event,
      });
    }
  }

  /** Upserts a run of events in one transaction when the writer can; one by one if that batch is refused. */
  async function upsertBatch(
    batch: SourceEventInput[],
    seen: string[] | null,
    quarantined: QuarantineItem[],
  ): Promise<void> {
    if (batch.length === 0) return;
    const upsertMany = context.events.upsertManyFromSource?.bind(context.events);
    if (upsertMany && batch.length > 1) {
      try {
        const results = await upsertMany(batch);
        results.forEach((result, index) => countUpsert(result, batch[index] as SourceEventInput, seen));
        return;
      } catch (error) {
        // All or nothing: the batch rolled back, so retrying record by record cannot double count.
        if (!isRejection(error)) throw error;
      }
    }
    for (const event of batch) await upsertOne(event, seen, quarantined);
  }

  async function applyPage(
    outcomes: NormalizeOutcome[],
    seen: string[] | null,
    quarantined: QuarantineItem[],
  ): Promise<void> {
    let batch: SourceEventInput[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === 'event') {
        const offDomain = offDomainLinkReason(outcome.event, context.linkDomains);
        if (offDomain) {
          quarantined.push({
            source: outcome.event.source,
            externalId: outcome.event.external_id,
            reason: offDomain,
            raw: outcome.event,
          });
          live.counts.off_domain_links = (live.counts.off_domain_links ?? 0) + 1;
          continue;
        }
        batch.push(outcome.event);
        continue;
      }
      if (outcome.kind === 'quarantine') {
        quarantined.push({
          source: outcome.source,
          externalId: outcome.externalId,
          reason: outcome.reason,
          raw: outcome.raw,
        });
        continue;
      }
      // Keep feed order: what came before a cancellation is written before it.
      await upsertBatch(batch, seen, quarantined);
      batch = [];
      const { outcome: removal } = await context.events.removeFromSource(
        outcome.source,
        outcome.externalId,
        REMOVED_CANCELLED,
      );
      if (removal === 'removed') live.counts.removed += 1;
    }
    await upsertBatch(batch, seen, quarantined);
  }

  async function sweep(): Promise<void> {
    if (live.mode !== 'full') return;
    if (live.counts.fetched === 0) {
      // An empty answer is far more often an outage or a wrong scope than a real empty catalogue.
      logger.warn('full sync fetched nothing; not removing anything');
      return;
    }
    const seen = await context.checkpoints.seenKeys(live.run_id);
    const eventSources = source.eventSources ?? [...new Set([...seen].map((key) => key.slice(0, key.indexOf('|'))))];
    for (const eventSource of eventSources) {
      const active = await context.events.listActiveExternalIds(eventSource, scope.filter);
      for (const externalId of active) {
        if (seen.has(seenKey(eventSource, externalId))) continue;
        const { outcome } = await context.events.removeFromSource(eventSource, externalId, REMOVED_MISSING);
        if (outcome === 'removed') live.counts.removed += 1;
      }
    }
  }

  const finish = (status: ScopeRunResult['status'], error: string | null, stopsSource = false): ScopeRunResult => ({
    source: source.name,
    scope: scope.key,
    runId: live.run_id,
    mode: live.mode,
    status,
    error,
    stopsSource,
    resumed: opened.resumed,
    counts: live.counts,
    durationMs: Math.round(elapsed()),
  });

  try {
    if (live.phase === 'pages') {
      const pages = readAhead(
        source.pages(scope, live.cursor, {
          http: context.http,
          signal: context.signal,
          logger,
          runStartedAt: new Date(live.run_started_at),
        }),
      );
      for await (const page of pages) {
        const seen = live.mode === 'full' ? ([] as string[]) : null;
        const quarantined: QuarantineItem[] = [];
        live.counts.fetched += page.records.length;
        await applyPage(
          page.records.flatMap((raw) => normalizeSafely(source, raw)),
          seen,
          quarantined,
        );
        await context.quarantine.add(quarantined, { scope: scope.key, runId: live.run_id, at: context.clock.now() });
        live.counts.quarantined += quarantined.length;
        if (page.estimatedTotal !== undefined) live.estimated_total = page.estimatedTotal;
        live.cursor = page.next;
        if (page.next === null) live.phase = 'sweep';
        live.counts.pages += 1;
        await commit(seen);
        context.onProgress?.({
          source: source.name,
          scope: scope.key,
          counts: live.counts,
          estimatedTotal: live.estimated_total,
        });
        if (context.signal.aborted) break;
      }
      if (context.signal.aborted) {
        await context.checkpoints.save({ ...live, lease: null });
        await record('interrupted', 'stopped before the end of the feed');
        return finish('interrupted', 'stopped before the end of the feed');
      }
      if (live.phase === 'pages') {
        // The feed ended without a final page (e.g. an empty file list): nothing more to read.
        live.phase = 'sweep';
        await commit(null);
      }
    }
    await sweep();
    const completedAt = context.clock.now().toISOString();
    await context.checkpoints.dropSeen(live.run_id);
    live.status = 'completed';
    live.cursor = null;
    live.lease = null;
    live.last_completed_at = completedAt;
    if (live.mode === 'full') live.last_full_completed_at = completedAt;
    await commit(null);
    await record('completed', null);
    logger.info({ counts: live.counts }, 'run completed');
    return finish('completed', null);
  } catch (error) {
    // Keep the last committed place; only the failed-request count of the unfinished page is carried over.
    committed.counts.failed_requests = live.counts.failed_requests;
    committed.active_ms = Math.round(elapsed());
    committed.lease = null;
    await context.checkpoints.save(committed);
    if (context.signal.aborted) {
      await record('interrupted', 'stopped while waiting for the source');
      return finish('interrupted', 'stopped while waiting for the source');
    }
    const message = (error as Error).message ?? String(error);
    const stopsSource = error instanceof SourceAuthError || error instanceof QuotaExhaustedError;
    if (error instanceof SourceStoppedError) logger.warn({ err: message }, 'run stopped by the source');
    else logger.error({ err: error }, 'run failed');
    await record('failed', message);
    return finish('failed', message, stopsSource);
  }
}
