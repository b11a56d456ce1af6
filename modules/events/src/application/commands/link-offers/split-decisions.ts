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

/** Split decisions already read, by record id: the records it was separated from, or null when there is none. */
export type SplitDecisions = Map<string, ReadonlySet<string> | null>;

/**
 * `known` carries the decisions read by earlier calls in the same transaction (the matcher's candidate pool), so a
 * batch reads each record's decision once instead of once per record it is compared with.
 */
export async function loadSplitVetoes(
  store: DocumentReader,
  ids: string[],
  known: SplitDecisions = new Map(),
): Promise<SplitVetoes> {
  // Only the decisions of the records asked about count, however many others `known` holds.
  const apart = new Map<string, ReadonlySet<string>>();
  for (const id of new Set(ids)) {
    if (!known.has(id)) {
      const decision = await offerSplitsCollection.get(store, id);
      known.set(id, decision ? new Set(decision.apart_from) : null);
    }
    const separated = known.get(id);
    if (separated) apart.set(id, separated);
  }
  return { apart: (a, b) => Boolean(apart.get(a)?.has(b) || apart.get(b)?.has(a)) };
}
