/**
 * upsertFromSource: the one way events enter the catalogue (ingestion, demo seeding, benchmark). Identity is
 * (source, external_id). A new pair gets the next numeric id; a known pair is patched only with what changed;
 * an unchanged record writes nothing and publishes nothing. The document write and its `EventUpserted`
 * message commit in one transaction.
 */
import type { Clock, DocumentStore, DocumentTransaction } from '@evently/platform';
import { parseWith } from '@evently/platform';
import { EVENT_MESSAGE_TYPES } from '../../../contracts/event-messages.ts';
import { sourceEventSchema, type SourceEventInput, type UpsertOutcome } from '../../../contracts/source-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { newEventBody, sourceChanges, sourceFields, type SourceFields } from '../../../domain/event.ts';
import { eventsCollection, EVENT_ID_COUNTER, type EventDocument } from '../../../infra/collections.ts';
import { eventMessage } from '../../outbox-messages.ts';
import { countWithoutKeys } from '../backfill-match-keys/backfill-match-keys.ts';
import { createCandidatePool } from '../link-offers/candidate-pool.ts';
import { linkAfterChange, MATCH_FIELDS, type LinkOptions, type LinkResult } from '../link-offers/link-offers.ts';

export interface UpsertResult {
  outcome: UpsertOutcome;
  id: string;
  /** Only when this upsert linked the record into another event as one of its offers. */
  linked_to?: string;
}

const parseSource = (input: unknown): SourceFields => sourceFields(parseWith(sourceEventSchema, input));

/**
 * A new record as the store wrote it. Its body was built here from fields the source schema has just checked,
 * so the handle's decode (a full schema parse, a tenth of a feed's write CPU) would only check it a second time;
 * the message written with it is checked against the contract all the same.
 */
const insertNew = async (tx: DocumentTransaction, body: ReturnType<typeof newEventBody>): Promise<StoredEvent> =>
  tx.insert<EventDocument>(eventsCollection.name, body);

/** Hands out the ids of new events: one counter step each, or from a range a batch took at once. */
type NextId = () => Promise<string>;

async function upsertOne(
  tx: DocumentTransaction,
  fields: SourceFields,
  current: StoredEvent | null,
  now: Date,
  /** How to link offers after the write; null when this store does not link them. */
  link: LinkOptions | null,
  nextId: NextId,
): Promise<UpsertResult & { saved?: StoredEvent; written?: LinkResult['written'] }> {
  let saved: StoredEvent;
  let outcome: UpsertOutcome;
  let matchFieldsChanged: boolean;
  if (!current) {
    const id = await nextId();
    saved = await insertNew(tx, newEventBody(id, fields));
    outcome = 'created';
    matchFieldsChanged = true;
  } else {
    const patch = sourceChanges(current, fields);
    if (!patch) return { outcome: 'unchanged', id: current.id };
    saved = await eventsCollection.update(tx, current.id, current.version, patch);
    outcome = 'updated';
    matchFieldsChanged = MATCH_FIELDS.some((field) => field in patch);
  }
  await tx.appendOutbox([eventMessage(EVENT_MESSAGE_TYPES.upserted, saved.id, saved.version, { event: saved }, now)]);
  if (!link) return { outcome, id: saved.id, saved };
  const linked = await linkAfterChange(tx, saved, matchFieldsChanged, now, link);
  const latest = linked.written.get(saved.id) ?? saved;
  return {
    outcome,
    id: saved.id,
    saved: latest,
    written: linked.written,
    ...(linked.linkedTo ? { linked_to: linked.linkedTo } : {}),
  };
}

const identity = (fields: { source: string; external_id: string }) => `${fields.source}\u0000${fields.external_id}`;

/**
 * The stored events of a batch's (source, external_id) pairs, one query per source instead of one per event.
 * Read as stored, without the handle's decode: they are only compared with what the source sends (a feed polled
 * again sends mostly unchanged records, and decoding each was a third of what such a page cost). A changed record
 * is written through the handle, whose update reads the stored document again and decodes the result.
 */
async function currentByIdentity(tx: DocumentTransaction, batch: SourceFields[]): Promise<Map<string, StoredEvent>> {
  const bySource = new Map<string, string[]>();
  for (const fields of batch) {
    const ids = bySource.get(fields.source) ?? [];
    ids.push(fields.external_id);
    bySource.set(fields.source, ids);
  }
  const found = new Map<string, StoredEvent>();
  for (const [source, externalIds] of bySource) {
    const stored = await tx.find<EventDocument>(eventsCollection.name, {
      where: { source, external_id: { in: externalIds } },
    });
    for (const event of stored) found.set(identity(event), event);
  }
  return found;
}

/**
 * The ids of a batch's new events from one counter range: the batch's pairs not stored yet, each counted once
 * (a pair listed twice is created by its first listing). The same ids, in the same order, as one counter
 * step per new event, without a statement per event.
 */
async function batchIds(
  tx: DocumentTransaction,
  batch: SourceFields[],
  current: Map<string, StoredEvent>,
): Promise<{ nextId: NextId; assertAllUsed: () => void }> {
  const created = new Set(batch.map(identity).filter((key) => !current.has(key))).size;
  let next = created > 0 ? await tx.nextCounterRange(EVENT_ID_COUNTER, created) : 0;
  const end = next + created;
  return {
    nextId: async () => {
      if (next >= end) throw new Error('upsertManyFromSource created more events than the ids it counted');
      return String(next++);
    },
    assertAllUsed: () => {
      if (next !== end) throw new Error('upsertManyFromSource created fewer events than the ids it counted');
    },
  };
}

const resultOf = ({ outcome, id, linked_to }: UpsertResult): UpsertResult =>
  linked_to ? { outcome, id, linked_to } : { outcome, id };

/** `linkOffers`: match each written record against the catalogue and link same-performance records. */
export function makeUpsertFromSource(deps: { store: DocumentStore; clock: Clock; linkOffers?: boolean }) {
  const linking = deps.linkOffers ?? false;
  return {
    async upsertFromSource(input: SourceEventInput | unknown): Promise<UpsertResult> {
      const fields = parseSource(input);
      const result = await deps.store.transaction(async (tx) => {
        const current = await eventsCollection.findOne(tx, {
          source: fields.source,
          external_id: fields.external_id,
        });
        return upsertOne(tx, fields, current, deps.clock.now(), linking ? {} : null, async () =>
          String(await tx.nextCounter(EVENT_ID_COUNTER)),
        );
      });
      return resultOf(result);
    },
    /**
     * Many records in one transaction (bulk loads: seeding, benchmark, large feeds). All-or-nothing: one
     * invalid record rejects the batch, so callers validate or split first.
     */
    async upsertManyFromSource(inputs: Array<SourceEventInput | unknown>): Promise<UpsertResult[]> {
      const batch = inputs.map(parseSource);
      return deps.store.transaction(async (storeTx) => {
        // One candidate pool for the batch: records of one venue and start are matched against candidates read
        // once, not once per record. It sees the batch's writes through the transaction it wraps.
        const pool = linking ? createCandidatePool() : null;
        const tx = pool ? pool.observe(storeTx) : storeTx;
        const now = deps.clock.now();
        const current = await currentByIdentity(tx, batch);
        const ids = await batchIds(tx, batch, current);
        // Checked once per batch instead of read once per record; nothing in the batch removes keys.
        const link = pool ? { keylessRecords: (await countWithoutKeys(tx)) > 0, pool } : null;
        const results: UpsertResult[] = [];
        for (const fields of batch) {
          const result = await upsertOne(tx, fields, current.get(identity(fields)) ?? null, now, link, ids.nextId);
          // A pair listed twice in one batch: the second sees the first's write.
          if (result.saved) current.set(identity(fields), result.saved);
          // Linking may have written other records of the batch (their group's canonical record).
          for (const other of result.written?.values() ?? [])
            if (current.has(identity(other))) current.set(identity(other), other);
          results.push(resultOf(result));
        }
        ids.assertAllUsed();
        return results;
      });
    },
  };
}
