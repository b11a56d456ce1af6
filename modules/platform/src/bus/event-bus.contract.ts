/**
 * The one behaviour suite every EventBus adapter runs (embedded log in `npm test`, Kafka through
 * testcontainers). Topic and group names are unique per test, so the cases also work against a shared
 * broker, and expectations hold for any partitioning: order is only asserted per key.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.port.ts';
import { waitFor } from '../testing/wait-for.ts';
import { backoffDelay, type Backoff } from './consumer-waits.ts';
import type { Delivered, Envelope } from './envelope.ts';
import type { EventBus, Subscription, SubscriptionMode } from './event-bus.port.ts';

export interface EventBusFixture {
  bus: EventBus;
  /**
   * Opens a new bus over the same durable log and offsets, after the test has closed `bus` (simulates a
   * restart). The fixture's cleanup also closes buses opened this way.
   */
  reopen: () => Promise<EventBus>;
  cleanup: () => Promise<void>;
}

/**
 * A real SMTP relay and a mailer sending through it, for the case where the relay goes away: the mail
 * adapter's (the platform speaks no SMTP), handed in by each bus adapter's spec.
 */
export interface SmtpOutageKit {
  startRelay(): Promise<SmtpRelay>;
  mailerFor(smtpUrl: string): Mailer;
}

/** The part of `@evently/mail/testing`'s sink the case uses. */
export interface SmtpRelay {
  url: string;
  messages: Array<{ envelopeTo: string[] }>;
  stop(): Promise<void>;
  start(): Promise<void>;
  waitFor(count: number): Promise<unknown>;
  close(): Promise<void>;
}

/** What a case may ask of the adapter's fixture: the redelivery pace, with a `sleep` running virtual time. */
export interface EventBusFixtureOptions {
  backoff?: Backoff;
}

function message(
  topic: string,
  key: string,
  aggregateVersion: number,
  data: unknown = { n: aggregateVersion },
): Envelope {
  return {
    id: randomUUID(),
    topic,
    key,
    type: 'ThingChanged',
    version: 1,
    aggregate_version: aggregateVersion,
    data,
    metadata: { occurred_at: '2025-06-01T10:00:00.000Z', correlation_id: 'c-1' },
  };
}

/** Messages for `keys` with versions 1..perKey, interleaved across keys as a busy system would publish them. */
function interleaved(topic: string, keys: string[], perKey: number): Envelope[] {
  const messages: Envelope[] = [];
  for (let version = 1; version <= perKey; version += 1)
    for (const key of keys) messages.push(message(topic, key, version));
  return messages;
}

function versionsByKey(delivered: Delivered[]): Record<string, number[]> {
  const byKey: Record<string, number[]> = {};
  for (const item of delivered) (byKey[item.key] ??= []).push(item.aggregate_version);
  return byKey;
}

/** Virtual time: every backoff wait returns at once (after a real millisecond, so the loop yields). */
const instantSleep = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Virtual time a position has waited after `retries` failures with `backoff`: the sum of its delays. */
function waitedMs(backoff: Backoff, retries: number): number {
  let total = 0;
  for (let failure = 1; failure <= retries; failure += 1) total += backoffDelay(backoff, failure);
  return total;
}

export function testEventBus(
  factory: (options?: EventBusFixtureOptions) => Promise<EventBusFixture>,
  label: string,
  smtp: SmtpOutageKit,
): void {
  describe(`EventBus contract (${label})`, () => {
    let fixture: EventBusFixture;
    let bus: EventBus;
    let topic: string;
    let otherTopic: string;
    let group: string;
    const subscriptions: Subscription[] = [];

    const collect = async (
      groupName: string,
      topics: string[],
      options: {
        maxBatch?: number;
        mode?: SubscriptionMode;
        deferCommits?: boolean;
        fail?: (batch: Delivered[]) => boolean;
      } = {},
    ) => {
      const received: Delivered[] = [];
      const batchSizes: number[] = [];
      const subscription = await bus.subscribe({
        group: groupName,
        topics,
        maxBatch: options.maxBatch,
        mode: options.mode,
        deferCommits: options.deferCommits,
        handle: async (batch) => {
          if (options.fail?.(batch)) throw new Error('handler failure (expected by the test)');
          batchSizes.push(batch.length);
          received.push(...batch);
        },
      });
      subscriptions.push(subscription);
      return { received, batchSizes, subscription };
    };

    beforeEach(async () => {
      fixture = await factory();
      bus = fixture.bus;
      const suffix = randomUUID().slice(0, 8);
      topic = `contract.things.${suffix}`;
      otherTopic = `contract.others.${suffix}`;
      group = `contract-group-${suffix}`;
      await bus.init([topic, otherTopic]);
    });

    afterEach(async () => {
      for (const subscription of subscriptions.splice(0)) await subscription.stop().catch(() => undefined);
      await fixture.cleanup();
    });

    it('delivers every published message with its envelope and an offset, in order per key', async () => {
      const published = interleaved(topic, ['a', 'b', 'c'], 20);
      await bus.publish(published);
      const { received, subscription } = await collect(group, [topic]);
      await subscription.drained();
      expect(received).toHaveLength(60);
      expect(versionsByKey(received)).toEqual({ a: range(20), b: range(20), c: range(20) });
      const first = published[0]!;
      expect(received.find((item) => item.id === first.id)).toEqual({ ...first, offset: expect.any(String) });
    });

    it('delivers messages published after subscribing, and drained waits for them', async () => {
      const { received, subscription } = await collect(group, [topic]);
      await subscription.drained();
      expect(received).toEqual([]);
      await bus.publish(interleaved(topic, ['a'], 5));
      await subscription.drained();
      expect(versionsByKey(received)).toEqual({ a: range(5) });
    });

    it('hands over batches no larger than maxBatch', async () => {
      await bus.publish(interleaved(topic, ['a', 'b'], 10));
      const { received, batchSizes, subscription } = await collect(group, [topic], { maxBatch: 3 });
      await subscription.drained();
      expect(received).toHaveLength(20);
      expect(Math.max(...batchSizes)).toBeLessThanOrEqual(3);
    });

    it('with a batch interval, what is published within it goes as one batch once it has passed, stored only after that batch', async () => {
      const intervalMs = 1500;
      const batches: Array<{ at: number; versions: number[] }> = [];
      let hold = false;
      let release: (() => void) | null = null;
      const subscription = await bus.subscribe({
        group,
        topics: [topic],
        batchIntervalMs: intervalMs,
        handle: async (batch) => {
          batches.push({ at: Date.now(), versions: batch.map((item) => item.aggregate_version) });
          if (hold) await new Promise<void>((resolve) => (release = resolve));
        },
      });
      subscriptions.push(subscription);
      await bus.publish([message(topic, 'a', 1)]);
      await subscription.drained();
      hold = true;
      // Two publishes (one key, so one partition), each of which alone would make a batch without the interval.
      await bus.publish([message(topic, 'a', 2)]);
      await bus.publish([message(topic, 'a', 3)]);
      const publishedAt = Date.now();
      await waitFor(() => release !== null, 'the batch after the interval');
      expect(publishedAt).toBeLessThan(batches[0]!.at + intervalMs);
      expect(batches.map((batch) => batch.versions)).toEqual([[1], [2, 3]]);
      // Timers may fire a few milliseconds early; the interval is counted from just before the first handle.
      expect(batches[1]!.at - batches[0]!.at).toBeGreaterThanOrEqual(intervalMs - 50);
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 2 });
      hold = false;
      release!();
      await subscription.drained();
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 0 });
    });

    it('delivers only the subscribed topics', async () => {
      await bus.publish([message(topic, 'a', 1), message(otherTopic, 'x', 1), message(topic, 'a', 2)]);
      const { received, subscription } = await collect(group, [topic]);
      await subscription.drained();
      expect(received.map((item) => [item.topic, item.key, item.aggregate_version])).toEqual([
        [topic, 'a', 1],
        [topic, 'a', 2],
      ]);
    });

    it('one subscription can read several topics', async () => {
      await bus.publish([
        message(topic, 'a', 1),
        message(otherTopic, 'x', 1),
        message(topic, 'a', 2),
        message(otherTopic, 'x', 2),
      ]);
      const { received, subscription } = await collect(group, [topic, otherTopic]);
      await subscription.drained();
      expect(versionsByKey(received)).toEqual({ a: [1, 2], x: [1, 2] });
    });

    it('redelivers after a handler failure without skipping or reordering (at-least-once)', async () => {
      await bus.publish(interleaved(topic, ['a', 'b'], 5));
      let failuresLeft = 2;
      let attempts = 0;
      const { received, subscription } = await collect(group, [topic], {
        maxBatch: 2,
        fail: (batch) => {
          attempts += 1;
          // Fail twice on the batch holding a@3, so that batch must come again before anything after it.
          if (failuresLeft > 0 && batch.some((item) => item.key === 'a' && item.aggregate_version === 3)) {
            failuresLeft -= 1;
            return true;
          }
          return false;
        },
      });
      await subscription.drained();
      expect(failuresLeft).toBe(0);
      expect(attempts).toBeGreaterThan(received.length / 2);
      const byKey = versionsByKey(received);
      // Duplicates are allowed (at-least-once); gaps and going backwards are not.
      for (const key of ['a', 'b']) {
        expect([...new Set(byKey[key])]).toEqual(range(5));
        expect(byKey[key]).toEqual([...(byKey[key] ?? [])].sort((x, y) => x - y));
      }
    });

    it('committed offsets survive closing and reopening the bus', async () => {
      await bus.publish(interleaved(topic, ['a'], 3));
      const first = await collect(group, [topic]);
      await first.subscription.drained();
      await first.subscription.stop();
      expect(first.received).toHaveLength(3);
      await bus.close();

      bus = await fixture.reopen();
      await bus.publish([message(topic, 'a', 4), message(topic, 'a', 5)]);
      const second = await collect(group, [topic]);
      await second.subscription.drained();
      expect(second.received.map((item) => item.aggregate_version)).toEqual([4, 5]);
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 0 });
    });

    it('a deferred subscription drains on what it handled, and after commit() the group resumes after it', async () => {
      await bus.publish(interleaved(topic, ['a', 'b'], 3));
      const first = await collect(group, [topic], { deferCommits: true, maxBatch: 2 });
      await first.subscription.drained();
      expect(versionsByKey(first.received)).toEqual({ a: [1, 2, 3], b: [1, 2, 3] });
      await first.subscription.commit();
      await first.subscription.stop();
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 0 });
      await bus.publish([message(topic, 'a', 4)]);
      const second = await collect(group, [topic]);
      await second.subscription.drained();
      expect(second.received.map((item) => item.aggregate_version)).toEqual([4]);
    });

    it('resetGroup replays the whole log to the group', async () => {
      await bus.publish(interleaved(topic, ['a', 'b'], 3));
      const first = await collect(group, [topic]);
      await first.subscription.drained();
      await first.subscription.stop();
      await bus.resetGroup(group, [topic]);
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 6 });
      const replay = await collect(group, [topic]);
      await replay.subscription.drained();
      expect(versionsByKey(replay.received)).toEqual({ a: [1, 2, 3], b: [1, 2, 3] });
    });

    it('two groups consume independently', async () => {
      await bus.publish(interleaved(topic, ['a'], 4));
      const one = await collect(`${group}-one`, [topic]);
      await one.subscription.drained();
      await one.subscription.stop();
      expect(await bus.lag(`${group}-one`, [topic])).toEqual({ [topic]: 0 });
      expect(await bus.lag(`${group}-two`, [topic])).toEqual({ [topic]: 4 });

      await bus.publish([message(topic, 'a', 5)]);
      const two = await collect(`${group}-two`, [topic]);
      await two.subscription.drained();
      expect(one.received.map((item) => item.aggregate_version)).toEqual([1, 2, 3, 4]);
      expect(two.received.map((item) => item.aggregate_version)).toEqual([1, 2, 3, 4, 5]);
      expect(await bus.lag(`${group}-one`, [topic])).toEqual({ [topic]: 1 });
    });

    it('lag counts unhandled messages per topic', async () => {
      await bus.publish([...interleaved(topic, ['a', 'b'], 2), message(otherTopic, 'x', 1)]);
      expect(await bus.lag(group, [topic, otherTopic])).toEqual({ [topic]: 4, [otherTopic]: 1 });
      const { subscription } = await collect(group, [topic]);
      await subscription.drained();
      expect(await bus.lag(group, [topic, otherTopic])).toEqual({ [topic]: 0, [otherTopic]: 1 });
    });

    it('rejects malformed envelopes and publishes nothing from that call', async () => {
      const valid = message(topic, 'a', 1);
      const malformed: unknown[] = [
        { ...valid, key: '' },
        { ...valid, version: 0 },
        { ...valid, aggregate_version: -1 },
        { ...valid, metadata: {} },
        { ...valid, type: undefined },
        'not an object',
      ];
      for (const bad of malformed) {
        await expect(bus.publish([message(topic, 'a', 1), bad as Envelope])).rejects.toThrow();
      }
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 0 });
    });

    it('a stopped subscription receives nothing more', async () => {
      const { received, subscription } = await collect(group, [topic]);
      await subscription.stop();
      await bus.publish([message(topic, 'a', 1)]);
      const other = await collect(`${group}-witness`, [topic]);
      await other.subscription.drained();
      await waitFor(() => other.received.length === 1, 'the witness group to receive the message');
      expect(received).toEqual([]);
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 1 });
    });

    describe('tail mode', () => {
      const tail = (groupName: string, options: { maxBatch?: number; fail?: (batch: Delivered[]) => boolean } = {}) =>
        collect(groupName, [topic], { ...options, mode: 'tail' });

      it('starts at the end of the log: messages published before subscribing are not delivered, later ones are', async () => {
        await bus.publish(interleaved(topic, ['a', 'b'], 3));
        const { received, subscription } = await tail(group);
        await subscription.drained();
        expect(received).toEqual([]);
        await bus.publish([message(topic, 'a', 4), message(topic, 'b', 4)]);
        await subscription.drained();
        expect(versionsByKey(received)).toEqual({ a: [4], b: [4] });
      });

      it('every tail subscription with the same prefix receives every later message, in order per key', async () => {
        const one = await tail(group);
        const two = await tail(group);
        expect(one.subscription.group).not.toBe(two.subscription.group);
        expect(one.subscription.group.startsWith(`${group}.`)).toBe(true);
        await bus.publish(interleaved(topic, ['a', 'b', 'c'], 10));
        await Promise.all([one.subscription.drained(), two.subscription.drained()]);
        for (const { received } of [one, two]) {
          expect(received).toHaveLength(30);
          expect(versionsByKey(received)).toEqual({ a: range(10), b: range(10), c: range(10) });
        }
      });

      it('redelivers after a handler failure without skipping or reordering', async () => {
        let failuresLeft = 2;
        const { received, subscription } = await tail(group, {
          maxBatch: 2,
          fail: (batch) => {
            if (failuresLeft > 0 && batch.some((item) => item.key === 'a' && item.aggregate_version === 3)) {
              failuresLeft -= 1;
              return true;
            }
            return false;
          },
        });
        await bus.publish(interleaved(topic, ['a', 'b'], 5));
        await subscription.drained();
        expect(failuresLeft).toBe(0);
        const byKey = versionsByKey(received);
        for (const key of ['a', 'b']) {
          expect([...new Set(byKey[key])]).toEqual(range(5));
          expect(byKey[key]).toEqual([...(byKey[key] ?? [])].sort((x, y) => x - y));
        }
      });

      it('commits nothing: durable groups are unaffected, a reset does not replay it, a new tail starts at the end again', async () => {
        await bus.publish(interleaved(topic, ['a'], 2));
        const first = await tail(group);
        await bus.publish([message(topic, 'a', 3), message(topic, 'a', 4)]);
        await first.subscription.drained();
        expect(first.received.map((item) => item.aggregate_version)).toEqual([3, 4]);
        // Nothing stored under the tail's own name, and the durable group named like the prefix handled nothing.
        expect(await bus.lag(first.subscription.group, [topic])).toEqual({ [topic]: 4 });
        expect(await bus.lag(group, [topic])).toEqual({ [topic]: 4 });
        await bus.resetGroup(group, [topic]);
        await bus.publish([message(topic, 'a', 5)]);
        await first.subscription.drained();
        expect(first.received.map((item) => item.aggregate_version)).toEqual([3, 4, 5]);
        await first.subscription.stop();

        await bus.publish([message(topic, 'a', 6)]);
        const second = await tail(group);
        await second.subscription.drained();
        expect(second.received).toEqual([]);
        await bus.publish([message(topic, 'a', 7)]);
        await second.subscription.drained();
        expect(second.received.map((item) => item.aggregate_version)).toEqual([7]);
      });
    });

    it('ping answers while the bus is reachable', async () => {
      await expect(bus.ping()).resolves.toBeUndefined();
    });

    it("erasure redacts the dead letters that name a person and leaves everyone else's as they were", async () => {
      const suffix = randomUUID().slice(0, 8);
      const address = `ana.${suffix}@example.com`;
      const failedAt = new Date().toISOString();
      const letter = (id: string, key: string, data: unknown, error: string, offset: string) => ({
        id: `erasure-${id}-${suffix}`,
        group,
        message: { ...message(topic, key, 1, data), offset },
        error,
        attempts: 1,
        failed_at: failedAt,
      });
      await bus.deadLetters.add(letter('address', 'k1', {}, `Error: 550 <${address}> recipient rejected`, '0'));
      await bus.deadLetters.add(letter('erased', 'k2', { note: 'Ana Ruiz' }, 'Error: boom', '1'));
      await bus.deadLetters.add(letter('other', 'k3', { note: 'Ana Ruiz' }, 'Error: boom', '2'));
      const result = await bus.erasure.erase({
        terms: [address],
        aggregateTerms: [address, 'Ana Ruiz'],
        aggregates: [{ topic, key: 'k2' }],
      });
      expect(result.redactedDeadLetters).toBe(2);
      expect((await bus.deadLetters.get(`erasure-address-${suffix}`))?.error).toBe(
        'Error: 550 <[erased]> recipient rejected',
      );
      expect((await bus.deadLetters.get(`erasure-erased-${suffix}`))?.message.data).toEqual({ note: '[erased]' });
      // A name outside the erased aggregates may be someone else's: it stays.
      expect((await bus.deadLetters.get(`erasure-other-${suffix}`))?.message.data).toEqual({ note: 'Ana Ruiz' });
    });

    describe('dead letters', () => {
      it('moves a poison message aside after bounded retries, goes on, and lists, reads and removes it', async () => {
        const handled: string[] = [];
        const subscription = await bus.subscribe({
          group,
          topics: [topic],
          maxAttempts: 2,
          handle: async (batch) => {
            for (const m of batch)
              if ((m.data as { n: number }).n === 2) throw new Error('cannot project this (expected by the test)');
            handled.push(...batch.map((m) => `${m.key}@${m.aggregate_version}`));
          },
        });
        subscriptions.push(subscription);
        await bus.publish([message(topic, 'a', 1), message(topic, 'a', 2), message(topic, 'a', 3)]);
        await subscription.drained();
        expect(handled).toEqual(['a@1', 'a@3']);
        const dead = await bus.deadLetters.list({ group });
        expect(dead.map((entry) => [entry.group, entry.message.key, entry.message.aggregate_version])).toEqual([
          [group, 'a', 2],
        ]);
        expect(dead[0]!.error).toMatch(/cannot project this/);
        expect((await bus.deadLetters.get(dead[0]!.id))?.message.id).toBe(dead[0]!.message.id);
        await bus.deadLetters.remove(dead[0]!.id);
        expect(await bus.deadLetters.list({ group })).toEqual([]);
      });

      it('a poison message on one partition is dead-lettered after N attempts while the others keep flowing, and the gauge reads a count', async () => {
        // A fixture of its own whose backoff waits in virtual time, so N attempts cost no wall time.
        const own = await factory({ backoff: { initialMs: 200, maxMs: 10_000, sleep: instantSleep } });
        try {
          await own.bus.init([topic]);
          const handled: string[] = [];
          let poisonAttempts = 0;
          const subscription = await own.bus.subscribe({
            group,
            topics: [topic],
            maxAttempts: 3,
            maxBatch: 5,
            handle: async (batch) => {
              if (batch.some((m) => m.key === 'poison')) {
                poisonAttempts += 1;
                throw new TypeError("Cannot read properties of undefined (reading 'venue') (expected by the test)");
              }
              handled.push(...batch.map((m) => `${m.key}@${m.aggregate_version}`));
            },
          });
          const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
          // The poison first, then every other key's messages: on Kafka the keys spread over the partitions.
          await own.bus.publish([message(topic, 'poison', 1), ...interleaved(topic, keys, 4)]);
          try {
            await subscription.drained();
          } finally {
            await subscription.stop();
          }
          expect(handled.filter((entry) => !entry.startsWith('poison'))).toHaveLength(keys.length * 4);
          expect([...new Set(handled)].sort()).toEqual(
            keys.flatMap((key) => range(4).map((version) => `${key}@${version}`)).sort(),
          );
          const dead = await own.bus.deadLetters.list({ group });
          expect(dead.map((entry) => [entry.message.key, entry.attempts])).toEqual([['poison', 3]]);
          // Three failing batches, then the poison alone once while isolating.
          expect(poisonAttempts).toBe(4);
          expect(await own.bus.lag(group, [topic])).toEqual({ [topic]: 0 });
          expect(await own.bus.deadLetters.counts()).toMatchObject({ [group]: 1 });
          await own.bus.deadLetters.remove(dead[0]!.id);
          expect((await own.bus.deadLetters.counts())[group] ?? 0).toBe(0);
        } finally {
          await own.cleanup();
        }
      });

      it('an SMTP outage of 90 s loses no mail and dead-letters nothing; the consumer says it waits for smtp', async () => {
        const backoff: Backoff = { initialMs: 200, maxMs: 10_000, sleep: instantSleep };
        const own = await factory({ backoff });
        const sink = await smtp.startRelay();
        const mailer = smtp.mailerFor(sink.url);
        try {
          await own.bus.init([topic]);
          // The relay goes away before anything is sent: every send meets connection refused.
          await sink.stop();
          const subscription = await own.bus.subscribe({
            group,
            topics: [topic],
            // Far fewer than the retries a 90 s outage takes: an outage must never count as an attempt.
            maxAttempts: 3,
            handle: async (batch) => {
              for (const m of batch) {
                const { to } = m.data as { to: string };
                await mailer.send({ to, subject: `Confirmation ${m.key}`, text: 'Welcome', html: '<p>Welcome</p>' });
              }
            },
          });
          const recipients = ['ana', 'ben', 'chloe', 'dev'].map((name) => `${name}@example.com`);
          await own.bus.publish(recipients.map((to, index) => message(topic, `signup-${index}`, 1, { to })));
          // Every position holding mail has waited 90 s of backoff for the relay, and says what it waits for.
          await waitFor(() => {
            const waiting = own.bus.waiting().filter((entry) => entry.group === group);
            return (
              waiting.length > 0 &&
              waiting.every((entry) => entry.dependency === 'smtp' && waitedMs(backoff, entry.retries) >= 90_000)
            );
          }, 'the consumer to wait out 90 s of SMTP outage');
          expect(sink.messages).toEqual([]);
          expect(await own.bus.deadLetters.list({ group })).toEqual([]);

          await sink.start();
          await sink.waitFor(recipients.length);
          try {
            await subscription.drained();
          } finally {
            await subscription.stop();
          }
          expect(sink.messages.flatMap((mail) => mail.envelopeTo).sort()).toEqual(recipients);
          expect(await own.bus.deadLetters.list({ group })).toEqual([]);
          expect((await own.bus.deadLetters.counts())[group] ?? 0).toBe(0);
          expect(own.bus.waiting().filter((entry) => entry.group === group)).toEqual([]);
        } finally {
          await mailer.close();
          await sink.close();
          await own.cleanup();
        }
      });
    });
  });
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}
