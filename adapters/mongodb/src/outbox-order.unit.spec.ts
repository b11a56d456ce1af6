import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from '@evently/platform';
import { orderForRelay } from './outbox-order.ts';

const record = (key: string, aggregateVersion: number, topic = 'evently.events'): OutboxRecord => ({
  id: `${topic}/${key}@${aggregateVersion}`,
  topic,
  key,
  type: 'Changed',
  version: 1,
  aggregate_version: aggregateVersion,
  data: {},
  metadata: { occurred_at: '2030-01-01T00:00:00Z' },
});

const labels = (items: ReturnType<typeof orderForRelay>) => items.map((item) => item.record.id);

describe('outbox order without a shared counter', () => {
  it('given ObjectIds that put a newer change of a key first (another process, same second), then the key is published by version', () => {
    const page = [
      { seq: 'b', record: record('e1', 3), position: 0 },
      { seq: 'c', record: record('e2', 1), position: 1 },
      // Pulled in by key after the page was read: its ObjectId sorted later although it committed earlier.
      { seq: 'z', record: record('e1', 2), position: 2 },
    ];
    expect(labels(orderForRelay(page))).toEqual(['evently.events/e1@2', 'evently.events/e1@3', 'evently.events/e2@1']);
  });

  it('given records of unrelated keys, then they keep the page order', () => {
    const page = [
      { seq: 'a', record: record('x', 5), position: 0 },
      { seq: 'b', record: record('y', 1), position: 1 },
      { seq: 'c', record: record('x', 5, 'evently.events.activity'), position: 2 },
    ];
    expect(labels(orderForRelay(page))).toEqual([
      'evently.events/x@5',
      'evently.events/y@1',
      'evently.events.activity/x@5',
    ]);
  });

  it('given two records of one key at the same version (one transaction), then they keep their insert order', () => {
    const page = [
      { seq: 'a', record: { ...record('k', 4), id: 'first' }, position: 0 },
      { seq: 'b', record: { ...record('k', 4), id: 'second' }, position: 1 },
    ];
    expect(labels(orderForRelay(page))).toEqual(['first', 'second']);
  });
});
