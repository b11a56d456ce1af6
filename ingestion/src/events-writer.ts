/**
 * The slice of the events module the workers write through. Ingestion never touches event documents
 * itself: every change goes through these commands, which own ids, versions and the outbox.
 */
import type { SourceEventInput, UpsertOutcome } from '@evently/events';
import type { ScopeFilter } from './sources/source.ts';

export type RemoveOutcome = 'removed' | 'unchanged' | 'not_found';

/** `linked_to`: the record was linked into that event as one of its offers by this write. */
export interface UpsertAnswer {
  outcome: UpsertOutcome;
  linked_to?: string;
}

export interface EventsWriter {
  /** Creates or updates by `(source, external_id)`; an unchanged event writes and publishes nothing. */
  upsertFromSource(input: SourceEventInput): Promise<UpsertAnswer>;
  /**
   * The same for many records in one transaction (all or nothing). Optional: without it the runner upserts
   * one by one; with it a page costs one commit instead of one per record.
   */
  upsertManyFromSource?(inputs: SourceEventInput[]): Promise<UpsertAnswer[]>;
  /** Takes the event out of search; `removed` only when there was an active event to take out. */
  removeFromSource(source: string, externalId: string, reason: string): Promise<{ outcome: RemoveOutcome }>;
  /** External ids of the source's active events, optionally limited to a country and/or city. */
  listActiveExternalIds(source: string, scope?: ScopeFilter): Promise<string[]>;
}

/** The events module's door as an EventsWriter (its commands and one query). */
export function eventsWriterFrom(events: {
  commands: Pick<EventsWriter, 'upsertFromSource' | 'removeFromSource'> &
    Partial<Pick<EventsWriter, 'upsertManyFromSource'>>;
  queries: Pick<EventsWriter, 'listActiveExternalIds'>;
}): EventsWriter {
  const { commands, queries } = events;
  return {
    upsertFromSource: (input) => commands.upsertFromSource(input),
    ...(commands.upsertManyFromSource
      ? { upsertManyFromSource: (inputs: SourceEventInput[]) => commands.upsertManyFromSource!(inputs) }
      : {}),
    removeFromSource: (source, externalId, reason) => commands.removeFromSource(source, externalId, reason),
    listActiveExternalIds: (source, scope) => queries.listActiveExternalIds(source, scope),
  };
}
