/**
 * Remembered admin splits: a record split off a group lists every record it was separated from,
 * and the matcher never links it to any of them, nor to a group containing one, again (replays and re-runs of
 * the same feed included).
 */
import type { DocumentReader } from '@evently/platform';
import { offerSplitsCollection } from '../../../infra/collections.ts';

export interface SplitVetoes {
  /** True when an admin has said the two records (or either's group) are different performances. */
  apart(a: string, b: string): boolean;
}

export async function loadSplitVetoes(store: DocumentReader, ids: string[]): Promise<SplitVetoes> {
  const apart = new Map<string, Set<string>>();
  for (const id of new Set(ids)) {
    const decision = await offerSplitsCollection.get(store, id);
    if (decision) apart.set(id, new Set(decision.apart_from));
  }
  return { apart: (a, b) => Boolean(apart.get(a)?.has(b) || apart.get(b)?.has(a)) };
}
