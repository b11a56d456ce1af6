/**
 * One person's erasure across the whole system, for the `erase` command and the admin call alike:
 *
 * 1. every module that keeps personal data removes the person's documents through its own commands, which
 *    publish the deletions (read models such as the events' ratings follow them);
 * 2. the log forgets them as far as its engine allows (`bus.erasure`: redacted records and dead letters on the
 *    embedded log, tombstones and redacted dead letters on Kafka);
 * 3. the read-model projectors of the touched topics are waited for, so the search index has applied the
 *    deletions before the answer says so (a bounded wait: with no worker running they apply when one starts);
 * 4. the `.eml` files the mailers wrote without an SMTP server, addressed to or replying to the person, go.
 *
 * The audit line names an erasure id, who asked and what was removed: never the address, names or phones.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { removeMailFilesNaming } from './mail-folder.ts';
import {
  logErasureRequest,
  projectorGroup,
  type AppModule,
  type ErasureSubject,
  type EventBus,
  type LogErasureResult,
  type ModuleErasure,
} from '@evently/platform';

export interface ErasureOutcome {
  erasure_id: string;
  /** Documents removed, per module and kind. */
  removed: Record<string, Record<string, number>>;
  log: LogErasureResult;
  /** `.eml` files removed from the mail folder (embedded profile without SMTP). */
  mail_files: number;
  /** Messages of the touched topics the search projectors had not applied when the wait ended (0: all applied). */
  search_pending: number;
}

export interface ErasureDeps {
  modules: readonly AppModule[];
  bus: EventBus;
  logger: Logger;
  /** Where the mailers write `.eml` files when no SMTP server is set (`DATA_DIR/mail`). */
  mailFolder: string;
  /** How long to wait for the projectors to apply the deletions (default 30 s). */
  searchWaitMs?: number;
}

export interface ErasureProgress {
  /** A step began or ended, in words. */
  step?(line: string): void;
  /** The log search advanced. */
  log?(searched: number, total: number): void;
}

export interface ErasureOptions {
  progress?: ErasureProgress;
  /** Rewrite the embedded log's file afterwards so no freed bytes remain (`erase --vacuum`). */
  compactLog?: boolean;
}

const POLL_MS = 100;

/** Messages still to be applied by the read-model projectors that consume the touched topics. */
async function pendingProjections(
  modules: readonly AppModule[],
  bus: EventBus,
  topics: ReadonlySet<string>,
): Promise<number> {
  let pending = 0;
  for (const projector of modules.flatMap((module) => module.projectors)) {
    if (projector.sideEffects) continue;
    const read = projector.topics.filter((topic) => topics.has(topic));
    if (read.length === 0) continue;
    const lag = await bus.lag(projectorGroup(projector), read);
    pending += Object.values(lag).reduce((sum, value) => sum + value, 0);
  }
  return pending;
}

export async function erasePerson(
  deps: ErasureDeps,
  subject: ErasureSubject,
  actor: string,
  options: ErasureOptions = {},
): Promise<ErasureOutcome> {
  const progress = options.progress ?? {};
  const erasureId = randomUUID();
  const reports: ModuleErasure[] = [];
  for (const module of deps.modules) {
    if (!module.erasePerson) continue;
    progress.step?.(`${module.name}: removing documents`);
    const report = await module.erasePerson(subject);
    reports.push(report);
    progress.step?.(`${module.name}: ${describeRemoved(report.removed)}`);
  }

  progress.step?.('log: searching for records and dead letters that name the person');
  if (options.compactLog)
    progress.step?.('log: the file will be rewritten afterwards (VACUUM); writers wait meanwhile');
  const log = await deps.bus.erasure.erase(logErasureRequest(subject, reports), {
    ...(progress.log ? { onProgress: progress.log } : {}),
    compact: options.compactLog === true,
  });
  progress.step?.(
    `log: ${log.redactedRecords} records redacted, ${log.tombstones} tombstones, ${log.redactedDeadLetters} dead letters redacted${log.compacted ? ', file rewritten without freed bytes' : ''}`,
  );

  const topics = new Set(reports.flatMap((report) => report.aggregates.map((aggregate) => aggregate.topic)));
  const deadline = Date.now() + (deps.searchWaitMs ?? 30_000);
  let searchPending = await pendingProjections(deps.modules, deps.bus, topics);
  if (searchPending > 0)
    progress.step?.(`search: waiting for the projectors to apply ${searchPending} messages, the deletions among them`);
  while (searchPending > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    searchPending = await pendingProjections(deps.modules, deps.bus, topics);
  }
  progress.step?.(
    searchPending === 0
      ? 'search: up to date'
      : `search: ${searchPending} messages not applied yet; a running worker applies them (nothing personal is indexed meanwhile)`,
  );

  const mailFiles = await removeMailFilesNaming(deps.mailFolder, subject.email);
  if (mailFiles > 0) progress.step?.(`mail folder: ${mailFiles} .eml files removed`);

  const outcome: ErasureOutcome = {
    erasure_id: erasureId,
    removed: Object.fromEntries(reports.map((report) => [report.module, report.removed])),
    log,
    mail_files: mailFiles,
    search_pending: searchPending,
  };
  deps.logger.info({ audit: 'erasure', actor, ...outcome }, 'personal data erased');
  return outcome;
}

/** `{ tickets: 1, sign_up_requests: 2 }` -> `1 ticket, 2 sign up requests removed`. */
export function describeRemoved(removed: Record<string, number>): string {
  const parts = Object.entries(removed).map(([kind, count]) => {
    const words = kind.replaceAll('_', ' ');
    return `${count} ${count === 1 ? words.replace(/s$/, '') : words}`;
  });
  return parts.length > 0 ? `${parts.join(', ')} removed` : 'nothing kept';
}
