/**
 * At-most-once side effects (a mail, a push to an outside system) driven by at-least-once bus delivery.
 *
 * Before acting, a consumer claims a key (usually `<purpose>:<message id>`) by inserting a row whose key is
 * unique. A redelivered or replayed message finds the claim and does nothing. If the effect throws, the claim
 * is released and the error rethrown, so the bus redelivers and the effect is tried again. Only a crash
 * between the claim and the end of the effect can lose it: that is the price of never doing it twice, and the
 * claim row (`done_at` still null) shows which ones to check by hand.
 */
import type { CollectionSpec, DocumentStore } from '../store/document-store.port.ts';
import { UniqueConstraintError } from '../store/document-store.port.ts';

export const EFFECT_CLAIMS = 'effect_claims';

/** Every composition that runs side-effect consumers declares this collection. */
export const effectClaimsCollection: CollectionSpec = { name: EFFECT_CLAIMS, unique: [['key']] };

interface EffectClaim {
  key: string;
  claimed_at: string;
  done_at: string | null;
}

export type OnceOutcome = 'done' | 'already-claimed';

export async function doOnce(store: DocumentStore, key: string, effect: () => Promise<void>): Promise<OnceOutcome> {
  const now = () => new Date().toISOString();
  let claim;
  try {
    claim = await store.transaction((tx) =>
      tx.insert<EffectClaim>(EFFECT_CLAIMS, { key, claimed_at: now(), done_at: null }),
    );
  } catch (error) {
    if (error instanceof UniqueConstraintError) return 'already-claimed';
    throw error;
  }
  try {
    await effect();
  } catch (error) {
    await store.transaction((tx) => tx.delete(EFFECT_CLAIMS, claim.id)).catch(() => undefined);
    throw error;
  }
  // Bookkeeping only; a failure here must not make the bus redeliver (the claim already blocks a repeat).
  await store
    .transaction((tx) => tx.update<EffectClaim>(EFFECT_CLAIMS, claim.id, claim.version, { done_at: now() }))
    .catch(() => undefined);
  return 'done';
}
