/**
 * recordView / recordClick: visitor activity. Each bumps the event's counter and its decayed popularity in the
 * store and announces the new totals (`EventViewed` / `EventClicked`), which the projector copies into the
 * search index; that is how popularity reaches the read side. Only live events count.
 */
import { ConcurrencyError, type Clock, type DocumentStore } from '@evently/platform';
import { EVENT_MESSAGE_TYPES, type EventClickedData, type EventViewedData } from '../../../contracts/event-messages.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { addActivity, CLICK_WEIGHT, VIEW_WEIGHT } from '../../../domain/popularity.ts';
import { eventEnvelope } from '../../event-envelope.ts';
import { EVENTS_COLLECTION } from '../../events-collections.ts';

const MAX_ATTEMPTS = 5;

export interface ActivityTotals {
  id: string;
  view_count: number;
  click_count: number;
}

export function makeRecordActivity(deps: { store: DocumentStore; clock: Clock }) {
  async function record(id: string, kind: 'view' | 'click', target: string): Promise<ActivityTotals | null> {
    // Concurrent activity on one event races on its version; the loser simply re-reads and tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.store.transaction(async (tx) => {
          const current = await tx.get<StoredEvent>(EVENTS_COLLECTION, id);
          if (!current || current.status !== 'active') return null;
          const now = deps.clock.now();
          const patch = {
            view_count: current.view_count + (kind === 'view' ? 1 : 0),
            click_count: current.click_count + (kind === 'click' ? 1 : 0),
            popularity_log: addActivity(current.popularity_log, kind === 'view' ? VIEW_WEIGHT : CLICK_WEIGHT, now),
          };
          const saved = await tx.update<StoredEvent>(EVENTS_COLLECTION, id, current.version, patch);
          const totals = { id, at: now.toISOString(), ...patch };
          await tx.appendOutbox([
            kind === 'view'
              ? eventEnvelope<EventViewedData>({ type: EVENT_MESSAGE_TYPES.viewed, id, aggregateVersion: saved.version, data: totals, at: now })
              : eventEnvelope<EventClickedData>({
                  type: EVENT_MESSAGE_TYPES.clicked,
                  id,
                  aggregateVersion: saved.version,
                  data: { ...totals, target },
                  at: now,
                }),
          ]);
          return { id, view_count: saved.view_count, click_count: saved.click_count };
        });
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
  return {
    recordView: (id: string) => record(id, 'view', 'detail'),
    /** `target` names where the visitor went (`ticketmaster`, `fever`, `affiliate`, `purchase`). */
    recordClick: (id: string, target: string) => record(id, 'click', target),
  };
}
