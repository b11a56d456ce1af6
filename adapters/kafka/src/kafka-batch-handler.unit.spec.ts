import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type Delivered, type Envelope, ConsumerWaits, DependencyOutage } from '@evently/platform';
import { createBatchHandler, type BatchPayload } from './kafka-batch-handler.ts';
import { encodeEnvelope } from './kafka-codec.ts';

const topic = 'evently.events';

const envelope = (key: string, aggregateVersion: number): Envelope => ({
  id: `${key}-${aggregateVersion}`,
  topic,
  key,
  type: 'EventUpserted',
  version: 1,
  aggregate_version: aggregateVersion,
  data: {},
  metadata: { occurred_at: '2026-11-21T12:00:00.000Z' },
});

/** A fetched batch as kafkajs hands it over, recording what the handler resolves and commits. */
function makePayload(
  values: Array<string | null>,
  options: { firstOffset?: number; staleAfterChunks?: number; waiting?: number } = {},
) {
  const first = options.firstOffset ?? 100;
  const resolved: string[] = [];
  const commits: string[] = [];
  const pauses = { paused: 0, resumed: 0 };
  let uncommitted: string | undefined;
  const payload: BatchPayload = {
    batch: {
      topic,
      partition: 2,
      // The offset after the partition's last record: `waiting` records from the first one on (the batch's own by default).
      highWatermark: String(first + (options.waiting ?? values.length)),
      messages: values.map((value, index) => ({
        offset: String(first + index),
        value: value === null ? null : Buffer.from(value),
        key: null,
        timestamp: '0',
        attributes: 0,
        headers: {},
      })),
    } as unknown as BatchPayload['batch'],
    resolveOffset: (offset) => {
      resolved.push(offset);
      uncommitted = String(Number(offset) + 1);
    },
    uncommittedOffsets: () => ({
      topics: uncommitted ? [{ topic, partitions: [{ partition: 2, offset: uncommitted }] }] : [],
    }),
    commitOffsetsIfNecessary: async (offsets) => {
      for (const entry of offsets?.topics ?? [])
        for (const partition of entry.partitions) commits.push(partition.offset);
      uncommitted = undefined;
    },
    heartbeat: async () => undefined,
    isRunning: () => true,
    isStale: () => options.staleAfterChunks !== undefined && commits.length >= options.staleAfterChunks,
    pause: () => {
      pauses.paused += 1;
      return () => void (pauses.resumed += 1);
    },
  };
  return { payload, resolved, commits, pauses };
}

const encoded = (key: string, version: number) => String(encodeEnvelope(envelope(key, version)).value);
const silent = pino({ level: 'silent' });
/** What every handler needs besides its own options: a group, a waiting board and a backoff that waits for nothing. */
const pacing = (sleep: (ms: number) => Promise<void> = async () => undefined) => ({
  group: 'g',
  waits: new ConsumerWaits(),
  backoff: { initialMs: 100, maxMs: 400, sleep },
});

describe('createBatchHandler', () => {
  it('hands over chunks of at most maxBatch and commits the next offset after each one', async () => {
    const seen: Delivered[][] = [];
    const handler = createBatchHandler({
      handle: async (chunk) => void seen.push(chunk),
      maxBatch: 2,
      logger: silent,
      onCommitted: () => undefined,
      ...pacing(),
    });
    const { payload, resolved, commits } = makePayload([encoded('a', 1), encoded('a', 2), encoded('a', 3)]);
    await handler(payload);
    expect(seen.map((chunk) => chunk.map((item) => item.aggregate_version))).toEqual([[1, 2], [3]]);
    expect(seen[0]?.[0]?.offset).toBe('2:100');
    expect(resolved).toEqual(['101', '102']);
    // Kafka's committed offset is the next one to read.
    expect(commits).toEqual(['102', '103']);
  });

  it('commits nothing for a chunk whose handler throws, pauses its partition alone and resumes it after the backoff', async () => {
    let calls = 0;
    const waits: number[] = [];
    let wake!: () => void;
    const handler = createBatchHandler({
      handle: async () => {
        calls += 1;
        if (calls === 2) throw new Error('cannot project this');
      },
      maxBatch: 1,
      logger: silent,
      onCommitted: () => undefined,
      ...pacing((ms) => {
        waits.push(ms);
        return new Promise<void>((resolve) => (wake = resolve));
      }),
    });
    const { payload, commits, resolved, pauses } = makePayload([encoded('a', 1), encoded('a', 2), encoded('a', 3)]);
    // Returns normally: an error reaching kafkajs would end in a consumer restart after its own retries.
    await handler(payload);
    expect(commits).toEqual(['101']);
    expect(resolved).toEqual(['100']);
    expect(pauses).toEqual({ paused: 1, resumed: 0 });
    expect(waits).toEqual([100]);
    wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pauses).toEqual({ paused: 1, resumed: 1 });
  });

  it('doubles the pause of a partition that keeps failing, up to the cap, and shows an outage on the waiting board', async () => {
    const waits: number[] = [];
    const options = pacing(async (ms) => void waits.push(ms));
    const handler = createBatchHandler({
      handle: async () => {
        throw new DependencyOutage('smtp', 'connect ECONNREFUSED 127.0.0.1:25');
      },
      maxBatch: 10,
      logger: silent,
      onCommitted: () => undefined,
      ...options,
    });
    for (let round = 0; round < 5; round += 1) await handler(makePayload([encoded('a', 1)]).payload);
    expect(waits).toEqual([100, 200, 400, 400, 400]);
    expect(options.waits.list()).toEqual([
      expect.objectContaining({ group: 'g', position: 'evently.events/2', dependency: 'smtp', retries: 5 }),
    ]);
  });

  it('skips malformed records but commits past them, so the partition keeps moving', async () => {
    const seen: Delivered[] = [];
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    const handler = createBatchHandler({
      handle: async (chunk) => void seen.push(...chunk),
      maxBatch: 10,
      logger,
      onCommitted: () => undefined,
      ...pacing(),
    });
    const { payload, commits } = makePayload(['{broken', null, encoded('b', 1)]);
    await handler(payload);
    expect(seen.map((item) => item.key)).toEqual(['b']);
    expect(commits).toEqual(['103']);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'skipping malformed kafka record', offset: '100', reason: 'value is not JSON' }),
      expect.objectContaining({ msg: 'skipping malformed kafka record', offset: '101', reason: 'empty value' }),
    ]);
  });

  it('does not call the handler for a chunk with no valid record, but still commits it', async () => {
    let calls = 0;
    const handler = createBatchHandler({
      handle: async () => void (calls += 1),
      maxBatch: 5,
      logger: silent,
      onCommitted: () => undefined,
      ...pacing(),
    });
    const { payload, commits } = makePayload(['nope']);
    await handler(payload);
    expect(calls).toBe(0);
    expect(commits).toEqual(['101']);
  });

  it('stops at a chunk boundary once the batch went stale (rebalance or seek)', async () => {
    const seen: number[] = [];
    let wakeups = 0;
    const handler = createBatchHandler({
      handle: async (chunk) => void seen.push(...chunk.map((item) => item.aggregate_version)),
      maxBatch: 1,
      logger: silent,
      onCommitted: () => void (wakeups += 1),
      ...pacing(),
    });
    const { payload, commits } = makePayload([encoded('a', 1), encoded('a', 2)], { staleAfterChunks: 1 });
    await handler(payload);
    expect(seen).toEqual([1]);
    expect(commits).toEqual(['101']);
    expect(wakeups).toBe(1);
  });

  describe('tail mode', () => {
    const tailOptions = (positions: string[]) => ({
      onHandled: (_topic: string, partition: number, next: string) => void positions.push(`${partition}:${next}`),
    });

    it('commits nothing and reports the next offset to read after each chunk', async () => {
      const positions: string[] = [];
      const handler = createBatchHandler({
        handle: async () => undefined,
        maxBatch: 2,
        logger: silent,
        onCommitted: () => undefined,
        ...pacing(),
        tail: tailOptions(positions),
      });
      const { payload, resolved, commits } = makePayload([encoded('a', 1), encoded('a', 2), encoded('a', 3)]);
      await handler(payload);
      expect(commits).toEqual([]);
      expect(resolved).toEqual(['101', '102']);
      expect(positions).toEqual(['2:102', '2:103']);
    });

    it('retries a failing chunk in place until it passes, without skipping it', async () => {
      const positions: string[] = [];
      const seen: number[] = [];
      let failuresLeft = 2;
      const handler = createBatchHandler({
        handle: async (chunk) => {
          if (chunk.some((item) => item.aggregate_version === 2) && failuresLeft-- > 0)
            throw new Error('socket layer down');
          seen.push(...chunk.map((item) => item.aggregate_version));
        },
        maxBatch: 1,
        logger: silent,
        onCommitted: () => undefined,
        ...pacing(),
        tail: tailOptions(positions),
      });
      const { payload, commits } = makePayload([encoded('a', 1), encoded('a', 2), encoded('a', 3)]);
      await handler(payload);
      expect(seen).toEqual([1, 2, 3]);
      expect(positions).toEqual(['2:101', '2:102', '2:103']);
      expect(commits).toEqual([]);
    });
  });

  describe('with a batch interval', () => {
    /** A handler with a 1,000 ms interval, the clock it reads, and what it saw, held and waited. */
    const intervalHandler = (maxBatch: number) => {
      const clock = { now: 50_000 };
      const seen: number[][] = [];
      const waits: number[] = [];
      const wakes: Array<() => void> = [];
      const handler = createBatchHandler({
        handle: async (chunk) => void seen.push(chunk.map((item) => item.aggregate_version)),
        maxBatch,
        logger: silent,
        onCommitted: () => undefined,
        ...pacing((ms) => {
          waits.push(ms);
          return new Promise<void>((resolve) => wakes.push(resolve));
        }),
        batchIntervalMs: 1000,
        now: () => clock.now,
      });
      return { handler, clock, seen, waits, wakes };
    };

    it('hands the first chunk over at once, holds a smaller one until the interval has passed, and commits each after it is handled', async () => {
      const { handler, clock, seen, waits, wakes } = intervalHandler(10);
      const first = makePayload([encoded('a', 1)]);
      await handler(first.payload);
      expect(seen).toEqual([[1]]);
      expect(first.commits).toEqual(['101']);

      // 300 ms later: held, neither handled nor resolved nor committed, its partition paused for the rest.
      clock.now += 300;
      const early = makePayload([encoded('a', 2)], { firstOffset: 101 });
      await handler(early.payload);
      expect(seen).toEqual([[1]]);
      expect(early.resolved).toEqual([]);
      expect(early.commits).toEqual([]);
      expect(early.pauses).toEqual({ paused: 1, resumed: 0 });
      expect(waits).toEqual([700]);
      wakes[0]!();
      await new Promise((resolve) => setImmediate(resolve));
      expect(early.pauses).toEqual({ paused: 1, resumed: 1 });

      // Fetched again from the same offset once resumed, with what arrived meanwhile: one batch, one commit.
      clock.now += 700;
      const later = makePayload([encoded('a', 2), encoded('a', 3)], { firstOffset: 101 });
      await handler(later.payload);
      expect(seen).toEqual([[1], [2, 3]]);
      expect(later.commits).toEqual(['103']);
      expect(later.pauses).toEqual({ paused: 0, resumed: 0 });
    });

    it('does not wait when maxBatch messages wait in the partition, and holds the smaller rest after a full chunk', async () => {
      const { handler, clock, seen, waits } = intervalHandler(2);
      await handler(makePayload([encoded('a', 1)]).payload);

      // A fetch cut short by its byte limit: two records fetched, five waiting, so it goes within the interval.
      clock.now += 100;
      const cut = makePayload([encoded('a', 2), encoded('a', 3)], { firstOffset: 101, waiting: 5 });
      await handler(cut.payload);
      expect(seen).toEqual([[1], [2, 3]]);
      expect(cut.commits).toEqual(['103']);

      // A full chunk goes at once; the smaller rest of the batch then waits for the interval after it.
      clock.now += 100;
      const full = makePayload([encoded('a', 4), encoded('a', 5), encoded('a', 6)], { firstOffset: 103 });
      await handler(full.payload);
      expect(seen).toEqual([[1], [2, 3], [4, 5]]);
      expect(full.resolved).toEqual(['104']);
      expect(full.commits).toEqual(['105']);
      expect(full.pauses).toEqual({ paused: 1, resumed: 0 });
      expect(waits).toEqual([1000]);
    });

    it('keeps no interval without one: each chunk goes as it comes', async () => {
      const seen: number[][] = [];
      const handler = createBatchHandler({
        handle: async (chunk) => void seen.push(chunk.map((item) => item.aggregate_version)),
        maxBatch: 10,
        logger: silent,
        onCommitted: () => undefined,
        ...pacing(),
      });
      await handler(makePayload([encoded('a', 1)]).payload);
      const next = makePayload([encoded('a', 2)], { firstOffset: 101 });
      await handler(next.payload);
      expect(seen).toEqual([[1], [2]]);
      expect(next.pauses).toEqual({ paused: 0, resumed: 0 });
    });
  });
});
