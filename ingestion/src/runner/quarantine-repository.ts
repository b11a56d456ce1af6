/**
 * Records a source sent that we could not use, with the reason and the raw record, for someone to look at.
 * The id is a hash of source, reason and raw record, so the same bad record seen on every run is one
 * entry whose `times_seen` grows, not a new entry per run.
 */
import { createHash } from 'node:crypto';
import type { DocumentStore } from '@evently/platform';
import { QUARANTINE } from './collections.ts';

export interface QuarantineEntry {
  source: string;
  scope: string;
  external_id: string | null;
  reason: string;
  raw: unknown;
  run_id: string;
  first_seen_at: string;
  last_seen_at: string;
  times_seen: number;
}

export interface QuarantineItem {
  source: string;
  externalId: string | null;
  reason: string;
  raw: unknown;
}

export function createQuarantineRepository(store: DocumentStore) {
  return {
    async add(items: QuarantineItem[], context: { scope: string; runId: string; at: Date }): Promise<void> {
      if (items.length === 0) return;
      const at = context.at.toISOString();
      await store.transaction(async (tx) => {
        for (const item of items) {
          const id = createHash('sha1')
            .update(`${item.source}\n${item.reason}\n${JSON.stringify(item.raw) ?? ''}`)
            .digest('hex');
          const existing = await tx.get<QuarantineEntry>(QUARANTINE, id);
          if (existing) {
            await tx.update<QuarantineEntry>(QUARANTINE, id, existing.version, {
              last_seen_at: at,
              run_id: context.runId,
              times_seen: existing.times_seen + 1,
            });
          } else {
            await tx.insert<QuarantineEntry>(QUARANTINE, {
              id,
              source: item.source,
              scope: context.scope,
              external_id: item.externalId,
              reason: item.reason,
              raw: item.raw ?? null,
              run_id: context.runId,
              first_seen_at: at,
              last_seen_at: at,
              times_seen: 1,
            });
          }
        }
      });
    },

    list(source?: string) {
      return store.find<QuarantineEntry>(QUARANTINE, {
        ...(source ? { where: { source } } : {}),
        sort: [{ field: 'last_seen_at', direction: 'desc' }],
      });
    },
  };
}

export type QuarantineRepository = ReturnType<typeof createQuarantineRepository>;
