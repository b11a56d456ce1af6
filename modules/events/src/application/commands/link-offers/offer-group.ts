/**
 * Offer groups on the write side: read a group, and bring its canonical record's `offers` and
 * `merged` fields up to date after any change to one of its records. Every write goes with its
 * `EventUpserted` snapshot in the caller's transaction, so the log alone rebuilds the read side.
 */
import type { DocumentTransaction } from '@evently/platform';
import { EVENT_MESSAGE_TYPES } from '../../../contracts/event-messages.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { mergeFields } from '../../../domain/offers/merge-fields.ts';
import { byCheapest, toOffer } from '../../../domain/offers/offer.ts';
import { eventsCollection } from '../../../infra/collections.ts';
import { eventMessage } from '../../outbox-messages.ts';

export type GroupPatch = Partial<Pick<StoredEvent, 'canonical_id' | 'offers' | 'merged'>>;

/** Collects what a linking step wrote, so a batch holding records in memory can refresh them. */
export type Written = Map<string, StoredEvent>;

const byId = (a: StoredEvent, b: StoredEvent) => Number(a.id) - Number(b.id);

/** Writes a module-owned patch and announces the new snapshot; no-op when nothing would change. */
export async function writeGroupPatch(
  tx: DocumentTransaction,
  event: StoredEvent,
  patch: GroupPatch,
  now: Date,
  written: Written,
): Promise<StoredEvent> {
  const changed = Object.entries(patch).some(
    ([key, value]) => JSON.stringify((event as Record<string, unknown>)[key] ?? null) !== JSON.stringify(value ?? null),
  );
  if (!changed) return event;
  const saved = await eventsCollection.update(tx, event.id, event.version, patch);
  await tx.appendOutbox([eventMessage(EVENT_MESSAGE_TYPES.upserted, saved.id, saved.version, { event: saved }, now)]);
  written.set(saved.id, saved);
  return saved;
}

/** The canonical record and the records linked into it, canonical first, then by id. */
export async function readGroup(tx: DocumentTransaction, canonicalId: string): Promise<StoredEvent[]> {
  const canonical = await eventsCollection.get(tx, canonicalId);
  if (!canonical) return [];
  const members = await eventsCollection.find(tx, { where: { canonical_id: canonicalId } });
  return [canonical, ...members.filter((event) => event.id !== canonicalId).sort(byId)];
}

/**
 * Recomputes a group after a change. When the canonical record itself is no longer live but others are, the
 * lowest-id live record becomes canonical and every other record (the old canonical too) points at it, so old
 * links keep resolving. Returns the canonical id after the change.
 */
export async function refreshGroup(
  tx: DocumentTransaction,
  canonicalId: string,
  now: Date,
  written: Written,
): Promise<string> {
  let group = await readGroup(tx, canonicalId);
  const head = group[0];
  if (!head) return canonicalId;
  let live = group.filter((event) => event.status === 'active');
  const promoted = head.status !== 'active' ? live[0] : undefined;
  if (promoted) {
    const others: StoredEvent[] = [];
    for (const event of group) {
      if (event.id === promoted.id) continue;
      others.push(
        await writeGroupPatch(tx, event, { canonical_id: promoted.id, offers: null, merged: null }, now, written),
      );
    }
    const head2 = await writeGroupPatch(tx, promoted, { canonical_id: null }, now, written);
    group = [head2, ...others.sort(byId)];
    live = group.filter((event) => event.status === 'active');
  }
  const canonical = group[0] as StoredEvent;
  const grouped = live.length >= 2;
  await writeGroupPatch(
    tx,
    canonical,
    { offers: grouped ? live.map(toOffer).sort(byCheapest) : null, merged: grouped ? mergeFields(live) : null },
    now,
    written,
  );
  return canonical.id;
}
