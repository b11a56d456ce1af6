/**
 * Links a record that has just been written to the canonical event it sells, if any. Runs inside
 * the upsert's or removal's transaction, so the decision, its snapshots and its `EventOfferLinked` message
 * commit with the change that caused them. Deterministic: candidates are read in id order and the best match
 * wins by title score, then by lowest canonical id; an admin split is never undone.
 */
import type { DocumentTransaction, Where } from '@evently/platform';
import { EVENT_LINK_MESSAGE_TYPES } from '../../../contracts/link-messages.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { compareForMatch, START_TOLERANCE_MINUTES } from '../../../domain/matching/match-events.ts';
import { cellsNear, matchKeys } from '../../../domain/matching/match-keys.ts';
import { eventsCollection } from '../../../infra/collections.ts';
import { linkMessage } from '../../outbox-messages.ts';
import { createCandidatePool, type CandidateLookup, type CandidatePool } from './candidate-pool.ts';
import type { Candidate } from './kept-lookup.ts';
import { readGroup, refreshGroup, writeGroupPatch, type Written } from './offer-group.ts';
import { loadSplitVetoes } from './split-decisions.ts';

/** Fields the matcher reads: a change to any of them asks for a new decision. */
export const MATCH_FIELDS = ['name', 'start_utc', 'venue_name', 'city', 'latitude', 'longitude', 'status'] as const;

export interface LinkResult {
  /** Set when this change linked the record into another event: that event's id. */
  linkedTo: string | null;
  written: Written;
}

export interface LinkOptions {
  /**
   * Whether stored records may lack match keys (written before them). A bulk write that found none at its
   * start passes false: its own writes always carry keys, so the "no keys" lookup would read nothing.
   */
  keylessRecords?: boolean;
  /**
   * The transaction's candidate pool, for a batch matching many records in one transaction; its `observe`d
   * transaction must carry every write of that transaction. Without one, each record's candidates are read anew.
   */
  pool?: CandidatePool;
}

const WINDOW_MS = START_TOLERANCE_MINUTES * 60_000;

interface Best {
  canonicalId: string;
  matchedId: string;
  score: number;
}

/**
 * The filter of the live records starting within the tolerance that could share the record's venue: the same
 * venue key, a neighbouring coordinate cell, or no keys at all (stored before the keys existed); null when there
 * is nothing to read. Reading the whole time window instead costs a parse per live event in it, hundreds per write
 * at a million events. The record itself passes it (the pool leaves it out of a one-off read), so records of one
 * venue and start share one lookup. Its key is made of what the filter is made of.
 */
function candidateLookup(record: StoredEvent, keylessRecords: boolean): CandidateLookup | null {
  const start = Date.parse(record.start_utc);
  const window: Where = {
    status: 'active',
    start_utc: { gte: new Date(start - WINDOW_MS).toISOString(), lte: new Date(start + WINDOW_MS).toISOString() },
  };
  const { match_venue: venue } = matchKeys(record);
  const cells =
    record.latitude !== null && record.longitude !== null ? cellsNear(record.latitude, record.longitude) : [];
  // The filter's inputs, the venue last: none of the others holds a space, so no two keys' parts run together.
  const key = `${start} ${keylessRecords} ${record.latitude} ${record.longitude} ${venue}`;
  // Without cells to read (a point within a few km of a pole) every record in the window is a candidate.
  if (cells === null) return { where: window, key };
  const lookups: Where[] = [];
  if (keylessRecords) lookups.push({ ...window, match_venue: null });
  if (venue !== '') lookups.push({ ...window, match_venue: venue });
  // Records of the same venue key share the cell too: leaving them out here saves parsing each one twice.
  if (cells.length > 0)
    lookups.push({ ...window, match_cell: { in: cells }, ...(venue !== '' ? { match_venue: { ne: venue } } : {}) });
  const [only] = lookups;
  if (!only) return null;
  // One read for all lookups (each alternative carries the whole window, so each is answered from its own
  // index: a multi-index OR on SQLite, $or on MongoDB); a record matching two comes back once.
  return { where: lookups.length === 1 ? only : { or: lookups }, key };
}

async function findBestMatch(
  tx: DocumentTransaction,
  record: StoredEvent,
  keylessRecords: boolean,
  pool: CandidatePool,
): Promise<Best | null> {
  const lookup = candidateLookup(record, keylessRecords);
  // A crowded lookup yields only records whose title could reach the threshold (title-index.ts): no others match.
  const nearby = lookup ? await pool.read(tx, lookup, record) : [];
  const candidates = nearby
    .filter((event) => event.id !== record.id && event.canonical_id !== record.id)
    .sort((a, b) => Number(a.id) - Number(b.id));
  if (candidates.length === 0) return null;
  const canonicalOf = (event: Candidate) => event.canonical_id ?? event.id;
  const vetoes = await loadSplitVetoes(
    tx,
    [record.id, ...candidates.map((event) => event.id), ...candidates.map(canonicalOf)],
    pool.splitDecisions,
  );
  let best: Best | null = null;
  for (const candidate of candidates) {
    const verdict = compareForMatch(record, candidate);
    if (!verdict.match) continue;
    const canonicalId = canonicalOf(candidate);
    if (vetoes.apart(record.id, candidate.id) || vetoes.apart(record.id, canonicalId)) continue;
    if (
      !best ||
      verdict.titleScore > best.score ||
      (verdict.titleScore === best.score && Number(canonicalId) < Number(best.canonicalId))
    ) {
      best = { canonicalId, matchedId: candidate.id, score: verdict.titleScore };
    }
  }
  if (!best) return null;
  // A split remembered against any record of the group keeps the record out of the whole group.
  const group = await readGroup(tx, best.canonicalId);
  const groupVetoes = await loadSplitVetoes(
    tx,
    group.map((event) => event.id),
    pool.splitDecisions,
  );
  return group.some((event) => groupVetoes.apart(record.id, event.id)) ? null : best;
}

/** After a record changed: keep its group current, or link it if it is a loose record that now matches. */
export async function linkAfterChange(
  tx: DocumentTransaction,
  saved: StoredEvent,
  matchFieldsChanged: boolean,
  now: Date,
  { keylessRecords = true, pool = createCandidatePool() }: LinkOptions = {},
): Promise<LinkResult> {
  const written: Written = new Map();
  let record = saved;
  if (record.canonical_id) {
    const canonicalId = record.canonical_id;
    const group = await readGroup(tx, canonicalId);
    const stillMatches = group.some(
      (other) => other.id !== record.id && other.status === 'active' && compareForMatch(record, other).match,
    );
    if (!matchFieldsChanged || stillMatches || record.status !== 'active') {
      await refreshGroup(tx, canonicalId, now, written);
      return { linkedTo: null, written };
    }
    // It no longer describes the same performance (a rescheduled or renamed record): it leaves the group.
    record = await writeGroupPatch(tx, record, { canonical_id: null }, now, written);
    await refreshGroup(tx, canonicalId, now, written);
  } else if (record.offers && record.offers.length > 0) {
    await refreshGroup(tx, record.id, now, written);
    return { linkedTo: null, written };
  } else if (record.status !== 'active') {
    // A loose record that stopped being live: groups that still point at it (it was their canonical) move on.
    const pointing = await eventsCollection.find(tx, { where: { canonical_id: record.id }, limit: 1 });
    if (pointing.length > 0) await refreshGroup(tx, record.id, now, written);
    return { linkedTo: null, written };
  }
  if (!matchFieldsChanged) return { linkedTo: null, written };

  const best = await findBestMatch(tx, record, keylessRecords, pool);
  if (!best) return { linkedTo: null, written };
  await writeGroupPatch(tx, record, { canonical_id: best.canonicalId, offers: null, merged: null }, now, written);
  const canonicalId = await refreshGroup(tx, best.canonicalId, now, written);
  await tx.appendOutbox([
    linkMessage(
      EVENT_LINK_MESSAGE_TYPES.linked,
      canonicalId,
      written.get(canonicalId)?.version ?? 1,
      { canonical_id: canonicalId, event_id: record.id, title_score: best.score, matched_event_id: best.matchedId },
      now,
    ),
  ]);
  return { linkedTo: canonicalId, written };
}
