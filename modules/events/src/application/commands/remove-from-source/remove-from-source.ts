/**
 * removeFromSource: a source no longer lists an event (or an operator takes it down). The document stays (its
 * id and slug are never reused) with status `removed`, and `EventRemoved` takes it out of search. Removing
 * twice, or an unknown pair, changes nothing.
 */
import type { Clock, DocumentStore } from '@evently/platform';
import { EVENT_MESSAGE_TYPES } from '../../../contracts/event-messages.ts';
import { eventsCollection } from '../../../infra/collections.ts';
import { eventMessage } from '../../outbox-messages.ts';
import { linkAfterChange } from '../link-offers/link-offers.ts';

export type RemoveOutcome = 'removed' | 'unchanged' | 'not_found';

/** `linkOffers`: a removed offer leaves its group's offers, and a removed canonical record hands over. */
export function makeRemoveFromSource(deps: { store: DocumentStore; clock: Clock; linkOffers?: boolean }) {
  return {
    removeFromSource(
      source: string,
      externalId: string,
      reason: string,
    ): Promise<{ outcome: RemoveOutcome; id: string | null }> {
      return deps.store.transaction(async (tx) => {
        const current = await eventsCollection.findOne(tx, { source, external_id: externalId });
        if (!current) return { outcome: 'not_found' as const, id: null };
        if (current.status === 'removed') return { outcome: 'unchanged' as const, id: current.id };
        const saved = await eventsCollection.update(tx, current.id, current.version, {
          status: 'removed',
        });
        await tx.appendOutbox([
          eventMessage(
            EVENT_MESSAGE_TYPES.removed,
            saved.id,
            saved.version,
            { id: saved.id, reason: reason.trim() || 'removed by source' },
            deps.clock.now(),
          ),
        ]);
        if (deps.linkOffers) await linkAfterChange(tx, saved, true, deps.clock.now());
        return { outcome: 'removed' as const, id: saved.id };
      });
    },
  };
}
