/**
 * upsertFromSource: the one way events enter the catalogue (ingestion, demo seeding, benchmark). Identity is
 * (source, external_id). A new pair gets the next numeric id; a known pair is patched only with what changed;
 * an unchanged record writes nothing and publishes nothing. The document write and its `EventUpserted`
 * message commit in one transaction.
 */
import type { Clock, DocumentStore, DocumentTransaction } from '@evently/platform';
import { parseWith } from '@evently/platform';
import { EVENT_MESSAGE_TYPES, type EventUpsertedData } from '../../../contracts/event-messages.ts';
import { sourceEventSchema, type SourceEventInput, type UpsertOutcome } from '../../../contracts/source-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { newEventBody, sourceChanges, sourceFields } from '../../../domain/event.ts';
import { eventEnvelope } from '../../event-envelope.ts';
import { EVENT_ID_COUNTER, EVENTS_COLLECTION } from '../../events-collections.ts';

export interface UpsertResult {
  outcome: UpsertOutcome;
  id: string;
}

async function upsertOne(tx: DocumentTransaction, input: unknown, now: Date): Promise<UpsertResult> {
  const fields = sourceFields(parseWith(sourceEventSchema, input));
  const current = await tx.findOne<StoredEvent>(EVENTS_COLLECTION, { source: fields.source, external_id: fields.external_id });
  let saved: StoredEvent;
  let outcome: UpsertOutcome;
  if (!current) {
    const id = String(await tx.nextCounter(EVENT_ID_COUNTER));
    saved = await tx.insert<StoredEvent>(EVENTS_COLLECTION, newEventBody(id, fields));
    outcome = 'created';
  } else {
    const patch = sourceChanges(current, fields);
    if (!patch) return { outcome: 'unchanged', id: current.id };
    saved = await tx.update<StoredEvent>(EVENTS_COLLECTION, current.id, current.version, patch);
    outcome = 'updated';
  }
  await tx.appendOutbox([
    eventEnvelope<EventUpsertedData>({
      type: EVENT_MESSAGE_TYPES.upserted,
      id: saved.id,
      aggregateVersion: saved.version,
      data: { event: saved },
      at: now,
    }),
  ]);
  return { outcome, id: saved.id };
}

export function makeUpsertFromSource(deps: { store: DocumentStore; clock: Clock }) {
  return {
    upsertFromSource(input: SourceEventInput | unknown): Promise<UpsertResult> {
      return deps.store.transaction((tx) => upsertOne(tx, input, deps.clock.now()));
    },
    /**
     * Many records in one transaction (bulk loads: seeding, benchmark, large feeds). All-or-nothing: one
     * invalid record rejects the batch, so callers validate or split first.
     */
    upsertManyFromSource(inputs: Array<SourceEventInput | unknown>): Promise<UpsertResult[]> {
      return deps.store.transaction(async (tx) => {
        const now = deps.clock.now();
        const results: UpsertResult[] = [];
        for (const input of inputs) results.push(await upsertOne(tx, input, now));
        return results;
      });
    },
  };
}
