/**
 * The weekly batch: every active subscriber not sent to in the last 7 days. Subscribers are read in pages by
 * id, each page starting after the last one's id, so a long batch holds no large result in memory and every
 * page is one ordered walk of the id index (a (created_at, id) cursor made the embedded engine sort every
 * remaining subscriber again for each page). Each page is claimed, mailed and recorded as one
 * (`send-digest-page.ts`); a mail transport failure stops the batch (the next send would fail alike), and
 * running it again continues where it stopped and sends no one twice.
 *
 * Subscribers with the same saved search share one catalogue question (`digest-searches.ts`). A second cursor
 * reads a few pages ahead only to queue their questions, so the search index answers them while the
 * current page is mailed; the pages themselves are read again when their turn comes, so a subscriber
 * edited or unsubscribed meanwhile is mailed as they are now. The log reports progress every few seconds.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Stored } from '@evently/platform';
import type { DigestBatchResult } from '../contracts/subscriber-answers.ts';
import type { Subscriber } from '../domain/subscriber.ts';
import { isDueForDigest } from '../domain/subscriber.ts';
import { subscribersCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { createDigestSearches } from './digest-searches.ts';
import { sendDigestPage } from './send-digest-page.ts';

/**
 * Subscribers claimed, mailed and recorded together. A batch that dies after claiming a page leaves the
 * page's unmailed subscribers claimed and so without this week's digest (never mailed twice): the page size
 * is what a crash can cost, against two store commits per page instead of two per subscriber.
 */
export const DIGEST_PAGE_SIZE = 100;
/** How far the question cursor may run ahead of the mailing: pages, and questions queued or in flight. */
const AHEAD_PAGES = 10;
const AHEAD_QUESTIONS = 2 * DIGEST_PAGE_SIZE;
const PROGRESS_EVERY_MS = 5_000;

export async function runDigestBatch(ctx: SubscriptionsContext): Promise<DigestBatchResult> {
  const pageSize = ctx.digestPageSize ?? DIGEST_PAGE_SIZE;
  const result: DigestBatchResult = { processed: 0, sent: 0, skipped: 0, searches: 0 };
  const startedAt = ctx.clock.now();
  const searches = createDigestSearches(ctx);
  const readPage = (after: string | null): Promise<Array<Stored<Subscriber>>> =>
    subscribersCollection.find(ctx.store, {
      where: after ? { is_active: true, id: { gt: after } } : { is_active: true },
      sort: [{ field: 'id', direction: 'asc' }],
      limit: pageSize,
    });
  const ahead = { after: null as string | null, pages: 0, done: false };
  let pages = 0;
  /** Queues the searches of the pages after the current one, within the bounds above. */
  const lookAhead = async (): Promise<void> => {
    while (!ahead.done && ahead.pages - pages < AHEAD_PAGES && searches.pending < AHEAD_QUESTIONS) {
      const page = await readPage(ahead.after);
      const now = ctx.clock.now();
      searches.prefetch(page.filter((subscriber) => isDueForDigest(subscriber, now)));
      ahead.pages += 1;
      ahead.done = page.length < pageSize;
      ahead.after = page.at(-1)?.id ?? ahead.after;
    }
  };
  // Wall time, not the injected clock: progress is for the operator watching this run.
  let lastProgress = Date.now();
  let after: string | null = null;
  try {
    for (;;) {
      const page = await readPage(after);
      pages += 1;
      const last = page.at(-1);
      if (ahead.pages < pages) Object.assign(ahead, { after: last?.id ?? after, pages, done: page.length < pageSize });
      await lookAhead();
      const tally = await sendDigestPage(ctx, page, searches);
      result.processed += tally.processed;
      result.sent += tally.sent;
      result.skipped += tally.skipped;
      result.searches = searches.asked;
      // Once every search has its answer, a page is store calls and mail that may settle without an I/O
      // wait; yield so the process's timers, sockets and log writes are not held until the whole batch ends.
      await nextTurn();
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        ctx.logger.info({ ...result, questions_pending: searches.pending }, 'digest batch progress');
      }
      if (!last || page.length < pageSize) break;
      after = last.id;
    }
  } finally {
    await searches.stop();
  }
  result.searches = searches.asked;
  ctx.logger.info({ ...result, started_at: startedAt.toISOString() }, 'digest batch finished');
  return result;
}
