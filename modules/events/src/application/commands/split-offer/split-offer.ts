/**
 * splitOffer: an administrator says a record was linked wrongly. The record leaves its group and
 * lists on its own again under its own id; the decision is stored, so neither a replay nor the next run of
 * the feed links it back. When the split record was the group's canonical one, the lowest-id record left
 * becomes canonical and the others' links move to it.
 */
import type { Clock, DocumentStore, DocumentTransaction } from '@evently/platform';
import { EVENT_LINK_MESSAGE_TYPES } from '../../../contracts/link-messages.ts';
import { parseEventIdSegment } from '../../../domain/slug.ts';
import { eventsCollection, offerSplitsCollection, type SplitDecision } from '../../../infra/collections.ts';
import { linkMessage } from '../../outbox-messages.ts';
import { readGroup, refreshGroup, writeGroupPatch, type Written } from '../link-offers/offer-group.ts';

export type SplitResult =
  | { status: 'split'; event_id: string; remaining_canonical_id: string | null }
  | { status: 'not_found' }
  | { status: 'not_linked' };

async function rememberSplit(tx: DocumentTransaction, eventId: string, apartFrom: string[], reason: string, now: Date) {
  const existing = await offerSplitsCollection.get(tx, eventId);
  const body: SplitDecision = {
    event_id: eventId,
    apart_from: [...new Set([...(existing?.apart_from ?? []), ...apartFrom])].sort((a, b) => Number(a) - Number(b)),
    reason,
    at: now.toISOString(),
  };
  if (existing) await offerSplitsCollection.update(tx, eventId, existing.version, body);
  else await offerSplitsCollection.insert(tx, { id: eventId, ...body });
}

export function makeSplitOffer(deps: { store: DocumentStore; clock: Clock }) {
  return {
    splitOffer(idOrSlug: string, reason = 'split by an administrator'): Promise<SplitResult> {
      return deps.store.transaction(async (tx): Promise<SplitResult> => {
        const id = parseEventIdSegment(idOrSlug);
        const record = id ? await eventsCollection.get(tx, id) : null;
        if (!record) return { status: 'not_found' };
        const canonicalId = record.canonical_id ?? (record.offers && record.offers.length > 0 ? record.id : null);
        if (!canonicalId) return { status: 'not_linked' };
        const now = deps.clock.now();
        const written: Written = new Map();
        const group = await readGroup(tx, canonicalId);
        const others = group.filter((event) => event.id !== record.id);
        await rememberSplit(
          tx,
          record.id,
          others.map((event) => event.id),
          reason,
          now,
        );

        let remaining: string | null = null;
        if (record.id === canonicalId) {
          // The rest of the group moves to its lowest-id live record; the split record keeps its own id and URL.
          const heir = others.find((event) => event.status === 'active') ?? others[0];
          if (heir) {
            for (const event of others)
              await writeGroupPatch(tx, event, { canonical_id: event.id === heir.id ? null : heir.id }, now, written);
            remaining = await refreshGroup(tx, heir.id, now, written);
          }
          await writeGroupPatch(
            tx,
            written.get(record.id) ?? record,
            { canonical_id: null, offers: null, merged: null },
            now,
            written,
          );
        } else {
          await writeGroupPatch(tx, record, { canonical_id: null }, now, written);
          remaining = await refreshGroup(tx, canonicalId, now, written);
        }
        await tx.appendOutbox([
          linkMessage(
            EVENT_LINK_MESSAGE_TYPES.split,
            canonicalId,
            (written.get(record.id) ?? record).version,
            { canonical_id: canonicalId, event_id: record.id, remaining_canonical_id: remaining, reason },
            now,
          ),
        ]);
        return { status: 'split', event_id: record.id, remaining_canonical_id: remaining };
      });
    },
  };
}
