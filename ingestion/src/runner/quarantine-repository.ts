/**
 * Records a source sent that we could not use, with the reason and the raw record, for someone to look at.
 * The id is a hash of source, reason and raw record, so the same bad record seen on every run is one
 * entry whose `times_seen` grows, not a new entry per run.
 */
import { createHash } from 'node:crypto';
import { defineCollection, type DocumentStore } from '@evently/platform';
import { z } from 'zod';

const quarantineEntrySchema = z.object({
  source: z.string(),
  scope: z.string(),
  external_id: z.string().nullable(),
  reason: z.string(),
  raw: z.unknown(),
  run_id: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  times_seen: z.number(),
});

export type QuarantineEntry = z.infer<typeof quarantineEntrySchema>;

const quarantine = defineCollection({
  name: 'ingestion_quarantine',
  indexes: [['source', 'external_id'], ['last_seen_at']],
  schema: quarantineEntrySchema,
});

export const quarantineCollections = [quarantine.spec];

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
          const existing = await quarantine.get(tx, id);
          if (existing) {
            await quarantine.update(tx, id, existing.version, {
              last_seen_at: at,
              run_id: context.runId,
              times_seen: existing.times_seen + 1,
            });
          } else {
            await quarantine.insert(tx, {
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
      return quarantine.find(store, {
        ...(source ? { where: { source } } : {}),
        sort: [{ field: 'last_seen_at', direction: 'desc' }],
      });
    },
  };
}

export type QuarantineRepository = ReturnType<typeof createQuarantineRepository>;
