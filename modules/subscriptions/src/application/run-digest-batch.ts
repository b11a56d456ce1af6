/**
 * The weekly batch: every active subscriber not sent to in the last 7 days. Subscribers are read in pages by
 * id, each page starting after the last one's id, so a long batch holds no large result in memory and every
 * page is one ordered walk of the id index (a (created_at, id) cursor made the embedded engine sort every
 * remaining subscriber again for each page). A mail transport failure stops the batch
 * (the next send would fail alike); running it again continues where it stopped and sends no one twice.
 * Subscribers with the same saved search share one catalogue question (`digest-searches.ts`), and the log
 * reports progress every few seconds, so a long batch shows how far it got.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Stored, Where } from '@evently/platform';
import type { Subscriber } from '../domain/subscriber.ts';
import { isDueForDigest } from '../domain/subscriber.ts';
import { subscribersCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { createDigestSearches } from './digest-searches.ts';
import { sendScheduledDigest } from './send-digest.ts';

export interface DigestBatchResult {
  processed: number;
  sent: number;
  skipped: number;
  /** Distinct searches put to the catalogue: at most one per saved search, however many share it. */
  searches: number;
}

const PAGE = 200;
const PROGRESS_EVERY_MS = 5_000;

export async function runDigestBatch(ctx: SubscriptionsContext): Promise<DigestBatchResult> {
  const result: DigestBatchResult = { processed: 0, sent: 0, skipped: 0, searches: 0 };
  const startedAt = ctx.clock.now();
  const searches = createDigestSearches(ctx);
  // Wall time, not the injected clock: progress is for the operator watching this run.
  let lastProgress = Date.now();
  let after: string | null = null;
  for (;;) {
    const where: Where = after ? { is_active: true, id: { gt: after } } : { is_active: true };
    const page: Array<Stored<Subscriber>> = await subscribersCollection.find(ctx.store, {
      where,
      sort: [{ field: 'id', direction: 'asc' }],
      limit: PAGE,
    });
    for (const subscriber of page) {
      if (!isDueForDigest(subscriber, ctx.clock.now())) continue;
      result.processed += 1;
      const outcome = await sendScheduledDigest(ctx, subscriber, searches);
      if (outcome.sent) result.sent += 1;
      else result.skipped += 1;
    }
    result.searches = searches.asked;
    // Once every search has its answer, a page is store calls and mail that settle without an I/O wait; yield
    // so the process's timers, sockets and log writes are not held until the whole batch ends.
    await nextTurn();
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      ctx.logger.info({ ...result }, 'digest batch progress');
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  result.searches = searches.asked;
  ctx.logger.info({ ...result, started_at: startedAt.toISOString() }, 'digest batch finished');
  return result;
}
