/**
 * At-most-once side effects (a mail, a push to an outside system) driven by at-least-once bus delivery.
 *
 * Before acting, a consumer claims a key (usually `<purpose>:<message id>`) by inserting a row whose key is
 * unique. A redelivered or replayed message finds the claim and does nothing. If the effect throws, the claim
 * is released and the error rethrown, so the bus redelivers and the effect is tried again. Only a crash
 * between the claim and the end of the effect can lose it: that is the price of never doing it twice, and the
 * claim row (`done_at` still null) shows which ones to check by hand.
 */
import { z } from 'zod';
import { defineCollection } from '../store/collection.ts';
import type { CollectionSpec, DocumentStore } from '../store/document-store.port.ts';
import { UniqueConstraintError } from '../store/document-store.port.ts';

export const EFFECT_CLAIMS = 'effect_claims';

const claims = defineCollection({
  name: EFFECT_CLAIMS,
  unique: [['key']],
  schema: z.object({
    key: z.string(),
    claimed_at: z.string(),
    /** Null from the claim until the effect has finished. */
    done_at: z.string().nullable(),
  }),
});

/** Every composition that runs side-effect consumers declares this collection. */
export const effectClaimsCollection: CollectionSpec = claims.spec;

export type OnceOutcome = 'done' | 'already-claimed';

export async function doOnce(store: DocumentStore, key: string, effect: () => Promise<void>): Promise<OnceOutcome> {
  const now = () => new Date().toISOString();
  let claim;
  try {
    claim = await store.transaction((tx) => claims.insert(tx, { key, claimed_at: now(), done_at: null }));
  } catch (error) {
    if (error instanceof UniqueConstraintError) return 'already-claimed';
    throw error;
  }
  try {
    await effect();
  } catch (error) {
    await store.transaction((tx) => claims.delete(tx, claim.id)).catch(() => undefined);
    throw error;
  }
  // Bookkeeping only; a failure here must not make the bus redeliver (the claim already blocks a repeat).
  await store
    .transaction((tx) => claims.update(tx, claim.id, claim.version, { done_at: now() }))
    .catch(() => undefined);
  return 'done';
}
