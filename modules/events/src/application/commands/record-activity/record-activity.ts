/**
 * recordView / recordClick: visitor activity. Counts reach the store in one transaction per event per
 * flush, not per view: views are buffered for `flushMs` (ActivityBuffer) when it is above 0, which the
 * production profile sets (a hot event would otherwise make every view a write conflict with the next one).
 * With `flushMs` 0 (the embedded default) every call writes through at once.
 *
 * Each write bumps the counters and the decayed popularity (k views at flush time weigh exactly k views:
 * domain/popularity.ts adds log-space contributions) and publishes
 * - an `EventUpserted` snapshot with the new totals on the compacted `evently.events`, so replaying that
 *   topic alone rebuilds search with exact counts, and
 * - `EventViewed` / `EventClicked` (with how many) on `evently.events.activity`, a 7-day record of activity.
 * Only live events count.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { withVersionRetry, type Clock, type DocumentStore, type ModuleDeps } from '@evently/platform';
import { EVENT_MESSAGE_TYPES } from '../../../contracts/event-messages.ts';
import { addActivity, CLICK_WEIGHT, VIEW_WEIGHT } from '../../../domain/popularity.ts';
import { eventsCollection } from '../../../infra/collections.ts';
import { activityMessage, eventMessage } from '../../outbox-messages.ts';
import { ActivityBuffer, type PendingActivity } from './activity-buffer.ts';

export interface ActivityTotals {
  id: string;
  view_count: number;
  click_count: number;
}

export function makeRecordActivity(deps: {
  store: DocumentStore;
  clock: Clock;
  flushMs?: number;
  logger?: ModuleDeps['logger'];
}) {
  const flushMs = deps.flushMs ?? 0;
  const buffer = new ActivityBuffer();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  /** One transaction for all of an event's activity since the last write. */
  async function write(id: string, activity: PendingActivity): Promise<ActivityTotals | null> {
    const clicks = [...activity.clicks.values()].reduce((sum, n) => sum + n, 0);
    // Concurrent activity on one event races on its version; the loser simply re-reads and tries again.
    return withVersionRetry(() =>
      deps.store.transaction(async (tx) => {
        const current = await eventsCollection.get(tx, id);
        if (!current || current.status !== 'active') return null;
        const now = deps.clock.now();
        let popularity = current.popularity_log;
        if (activity.views > 0) popularity = addActivity(popularity, VIEW_WEIGHT * activity.views, now);
        if (clicks > 0) popularity = addActivity(popularity, CLICK_WEIGHT * clicks, now);
        const patch = {
          view_count: current.view_count + activity.views,
          click_count: current.click_count + clicks,
          popularity_log: popularity,
        };
        const saved = await eventsCollection.update(tx, id, current.version, patch);
        const totals = { id, at: now.toISOString(), ...patch };
        await tx.appendOutbox([
          eventMessage(EVENT_MESSAGE_TYPES.upserted, id, saved.version, { event: saved }, now),
          ...(activity.views > 0
            ? [
                activityMessage(
                  EVENT_MESSAGE_TYPES.viewed,
                  id,
                  saved.version,
                  { ...totals, views: activity.views },
                  now,
                ),
              ]
            : []),
          ...[...activity.clicks].map(([target, n]) =>
            activityMessage(EVENT_MESSAGE_TYPES.clicked, id, saved.version, { ...totals, target, clicks: n }, now),
          ),
        ]);
        return { id, view_count: saved.view_count, click_count: saved.click_count };
      }),
    );
  }

  async function flushOnce(): Promise<void> {
    for (const [id, activity] of buffer.drain()) {
      try {
        await write(id, activity);
      } catch (error) {
        // Kept for the next flush rather than lost: counts are late, never dropped.
        buffer.restore(id, activity);
        deps.logger?.warn({ err: error, event: id }, 'activity flush failed; retrying with the next flush');
      }
      // A flush after a busy second holds one write per viewed event; on the embedded store each settles without
      // waiting for I/O, so without a turn between them the requests arriving meanwhile would wait for them all.
      await nextTurn();
    }
  }

  /** Flushes run one after another, so an event's writes never race each other. */
  const flush = (): Promise<void> => (flushing = flushing.then(flushOnce));

  async function record(id: string, kind: 'view' | 'click', target: string): Promise<ActivityTotals | null> {
    if (flushMs <= 0) {
      return write(id, { views: kind === 'view' ? 1 : 0, clicks: new Map(kind === 'click' ? [[target, 1]] : []) });
    }
    const current = await eventsCollection.get(deps.store, id);
    if (!current || current.status !== 'active') return null;
    buffer.add(id, kind, target);
    if (!timer) {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    }
    const pending = buffer.peek(id);
    return { id, view_count: current.view_count + pending.views, click_count: current.click_count + pending.clicks };
  }

  return {
    recordView: (id: string) => record(id, 'view', 'detail'),
    /** `target` names where the visitor went (`ticketmaster`, `fever`, `affiliate`, `purchase`). */
    recordClick: (id: string, target: string) => record(id, 'click', target),
    /** Writes everything buffered (tests; shutdown). */
    flushActivity: flush,
    /** Stops the flush timer after a last flush: called when the module closes. */
    async closeActivity(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
