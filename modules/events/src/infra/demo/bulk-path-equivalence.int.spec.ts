/**
 * The bulk write path (`upsertManyFromSource`: one counter range per batch, the "no keys" lookup checked once
 * per batch, one read for the matcher's lookups) stores and announces exactly what the per-event path
 * (`upsertFromSource`) does: same documents, same log records as consumers read them, in the same order.
 * Projectors are functions of the log, so the search index follows (events-search.bulk-load.int.spec.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { fixedClock, type DocumentStore } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import { EVENT_MESSAGE_TYPES } from '../../contracts/event-messages.ts';
import { sourceEventSchema, type SourceEventInput } from '../../contracts/source-event.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { newEventBody, sourceFields } from '../../domain/event.ts';
import {
  makeUpsertFromSource,
  type UpsertResult,
} from '../../application/commands/upsert-from-source/upsert-from-source.ts';
import { EVENT_ID_COUNTER, EVENTS_COLLECTION, eventsCollections } from '../collections.ts';
import { eventMessage } from '../../application/outbox-messages.ts';
import { generateDemoEvents } from './demo-catalogue.ts';

const NOW = '2026-11-26T09:00:00.000Z';
const BATCH = 500;

type Mode = 'bulk' | 'per-event';

interface Loaded {
  results: UpsertResult[];
  documents: StoredEvent[];
  /** Log records without their message ids (random UUIDs), in log order. */
  records: unknown[];
}

/** What the code before the match keys stored: a live record without `match_venue`/`match_cell`. */
async function storeWithoutKeys(store: DocumentStore, input: SourceEventInput): Promise<void> {
  await store.transaction(async (tx) => {
    const id = String(await tx.nextCounter(EVENT_ID_COUNTER));
    const {
      match_venue: _venue,
      match_cell: _cell,
      ...body
    } = newEventBody(id, sourceFields(sourceEventSchema.parse(input)));
    const saved = await tx.insert<StoredEvent>(EVENTS_COLLECTION, body);
    await tx.appendOutbox([eventMessage(EVENT_MESSAGE_TYPES.upserted, id, 1, { event: saved }, new Date(NOW))]);
  });
}

describe('bulk write path equals the per-event path (issue 14)', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  const stores: DocumentStore[] = [];

  beforeEach(async () => {
    dir = await createTempDataDir('evently-bulk-');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await dir.remove();
  });

  const load = async (mode: Mode, rounds: SourceEventInput[][], legacy: SourceEventInput[] = []): Promise<Loaded> => {
    const store = await createSqliteDocumentStore({
      file: `${dir.dir}/${mode}-${stores.length}.db`,
      clock: fixedClock(NOW),
    });
    stores.push(store);
    await store.init(eventsCollections);
    for (const input of legacy) await storeWithoutKeys(store, input);
    const { upsertFromSource, upsertManyFromSource } = makeUpsertFromSource({
      store,
      clock: fixedClock(NOW),
      linkOffers: true,
    });
    const results: UpsertResult[] = [];
    for (const inputs of rounds) {
      if (mode === 'bulk') {
        for (let i = 0; i < inputs.length; i += BATCH)
          results.push(...(await upsertManyFromSource(inputs.slice(i, i + BATCH))));
      } else {
        for (const input of inputs) results.push(await upsertFromSource(input));
      }
    }
    const documents = await store.find<StoredEvent>(EVENTS_COLLECTION);
    const records = (await store.outbox.pending(1_000_000)).map(({ record: { id: _id, ...rest } }) => rest);
    return { results, documents, records };
  };

  const catalogue = (count: number, seed: number) => [
    ...generateDemoEvents({ count, seed, idPrefix: `s${seed}`, now: new Date(NOW) }),
  ];

  /** Every 20th event again from a second seller, spelled its way, soon after it (often in the same batch). */
  const withSecondSellers = (events: SourceEventInput[]) =>
    events.flatMap((event, i) =>
      i % 20 === 0
        ? [
            event,
            {
              ...event,
              source: 'fever',
              external_id: `again-${event.external_id}`,
              name: `${event.name.toUpperCase()} - Tickets`,
            },
          ]
        : [event],
    );

  it('given generated events (some selling one show twice), then documents, links, ids and log records are the same', async () => {
    const first = withSecondSellers(catalogue(3000, 7));
    // A second round: changed times and names of known pairs (updates that move matches), a pair listed twice
    // in one batch, and new pairs.
    const changed = first
      .slice(0, 400)
      .map((event, i) =>
        i % 2 === 0
          ? { ...event, start_utc: first[i + 1]?.start_utc ?? event.start_utc }
          : { ...event, name: `${event.name} (Matinee)` },
      );
    const second = [...changed, changed[3] as SourceEventInput, ...catalogue(600, 8)];

    const bulk = await load('bulk', [first, second]);
    const perEvent = await load('per-event', [first, second]);

    expect(bulk.results.filter((result) => result.linked_to).length).toBeGreaterThan(5);
    expect(bulk.results).toEqual(perEvent.results);
    expect(bulk.documents).toEqual(perEvent.documents);
    expect(bulk.records).toEqual(perEvent.records);
  });

  it('given records stored before the match keys, then the bulk path still reads them as candidates', async () => {
    const events = catalogue(1500, 9);
    // Copies of generated shows under another seller, stored without keys: the generated ones link to them.
    const legacy = events
      .slice(0, 300)
      .map((event) => ({ ...event, source: 'legacyfeed', external_id: `legacy-${event.external_id}` }));

    const bulk = await load('bulk', [events], legacy);
    const perEvent = await load('per-event', [events], legacy);

    expect(bulk.results.filter((result) => result.linked_to).length).toBeGreaterThan(100);
    expect(bulk.results).toEqual(perEvent.results);
    expect(bulk.documents).toEqual(perEvent.documents);
    expect(bulk.records).toEqual(perEvent.records);
  });
});
