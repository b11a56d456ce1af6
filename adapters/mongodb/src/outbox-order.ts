/**
 * How the MongoDB outbox orders records without a shared counter (decision 019).
 *
 * Records get a client-made ObjectId as `_id`: no document every transaction must update, so unrelated
 * transactions no longer conflict. ObjectIds from different processes do not follow commit order (their
 * second-resolution time and per-process parts interleave), and no order that all processes could agree
 * on at insert time would: MongoDB fixes commit order at commit. What the bus needs is order *per key*, and
 * that the aggregate already gives: two changes of one aggregate are two transactions on one document, so
 * the second (version n+1) can only commit after it read the first as committed, which means the first
 * record is visible, pending or relayed, whenever the second is.
 *
 * So the relay takes a page of pending records by `_id`, pulls in every other pending record of the same
 * keys (one indexed query), and publishes each key's records by `aggregate_version` (then `_id`). A key's
 * older record can then never be published after its newer one, whatever the ObjectIds say. Legacy numeric
 * `_id`s (from the counter era) sort before every ObjectId in BSON order, so they drain first.
 */
import type { PendingOutboxRecord } from '@evently/platform';

export interface OrderedPending extends PendingOutboxRecord {
  /** Position of the record in the page read by `_id`: keys keep their first appearance. */
  position: number;
}

/**
 * Groups records by key in order of each key's first appearance, and within a key by aggregate_version then
 * position. Kafka orders per partition and a key always maps to one partition, so this is all it needs.
 */
export function orderForRelay(records: OrderedPending[]): PendingOutboxRecord[] {
  const firstSeen = new Map<string, number>();
  for (const item of records) {
    const key = `${item.record.topic}\u0000${item.record.key}`;
    firstSeen.set(key, Math.min(firstSeen.get(key) ?? Number.POSITIVE_INFINITY, item.position));
  }
  const keyOf = (item: OrderedPending) => `${item.record.topic}\u0000${item.record.key}`;
  return [...records]
    .sort(
      (a, b) =>
        firstSeen.get(keyOf(a))! - firstSeen.get(keyOf(b))! ||
        a.record.aggregate_version - b.record.aggregate_version ||
        a.position - b.position,
    )
    .map(({ seq, record }) => ({ seq, record }));
}
