/**
 * An in-memory EventsWriter for runner tests that do not need the events module: the same identity
 * `(source, external_id)` and the same outcome rules (unchanged when every field is equal).
 */
import type { SourceEventInput } from '@evently/events';
import type { EventsWriter } from '../events-writer.ts';

export interface MemoryEventsWriter extends EventsWriter {
  /** Active events by `source|external_id`. */
  active: Map<string, SourceEventInput>;
  removals: Array<{ source: string; externalId: string; reason: string }>;
}

const keyOf = (source: string, externalId: string) => `${source}|${externalId}`;

export function createMemoryEventsWriter(): MemoryEventsWriter {
  const active = new Map<string, SourceEventInput>();
  const removals: MemoryEventsWriter['removals'] = [];
  return {
    active,
    removals,
    async upsertFromSource(input) {
      const key = keyOf(input.source, input.external_id);
      const existing = active.get(key);
      active.set(key, input);
      if (!existing) return { outcome: 'created' };
      return { outcome: JSON.stringify(existing) === JSON.stringify(input) ? 'unchanged' : 'updated' };
    },
    async removeFromSource(source, externalId, reason) {
      const removed = active.delete(keyOf(source, externalId));
      if (removed) removals.push({ source, externalId, reason });
      return { outcome: removed ? 'removed' : 'not_found' };
    },
    async listActiveExternalIds(source, scope) {
      return [...active.values()]
        .filter((event) => event.source === source)
        .filter((event) => !scope?.country || event.country === scope.country)
        .filter((event) => !scope?.city || event.city === scope.city)
        .map((event) => event.external_id);
    },
  };
}
