/**
 * One lookup's candidates as the candidate pool keeps them for a transaction: by id, and by title words once
 * there are enough of them to be worth it. Indexing costs a few map entries per title word and spelling variant,
 * far more than comparing a handful of candidates directly; only a crowded venue and start needs the index.
 */
import type { Where } from '@evently/platform';
import { TitleIndex } from '../../../domain/matching/title-index.ts';
import type { eventMatchCandidates } from '../../../infra/collections.ts';

/** A record that could be the same performance, read on the fields the matcher compares. */
export type Candidate = ReturnType<typeof eventMatchCandidates.decode>;

/** Candidates up to which every one is compared: below it, comparing them all costs less than indexing them. */
export const COMPARE_ALL_UP_TO = 16;

export class KeptLookup {
  private readonly candidates = new Map<string, Candidate>();
  /** Built at the first lookup with more than COMPARE_ALL_UP_TO candidates, then kept current with the map. */
  private index: TitleIndex<Candidate> | null = null;

  constructor(
    readonly where: Where,
    found: readonly Candidate[],
  ) {
    for (const candidate of found) this.candidates.set(candidate.id, candidate);
  }

  /** Adds the candidate, or replaces the one with its id. */
  set(candidate: Candidate): void {
    this.candidates.set(candidate.id, candidate);
    this.index?.set(candidate);
  }

  delete(id: string): void {
    if (this.candidates.delete(id)) this.index?.delete(id);
  }

  /** Every candidate whose title could agree with `title` enough to match (and maybe others), any order. */
  mayMatch(title: string): Candidate[] {
    if (!this.index) {
      if (this.candidates.size <= COMPARE_ALL_UP_TO) return [...this.candidates.values()];
      this.index = new TitleIndex<Candidate>();
      for (const candidate of this.candidates.values()) this.index.set(candidate);
    }
    return this.index.mayMatch(title);
  }
}
