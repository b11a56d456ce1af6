/**
 * The EventBus contract against a real Kafka broker (apache/kafka, KRaft mode) through testcontainers.
 * Without a container engine (as on the team's build machines) the suite is reported as skipped.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  containerPerSuite,
  containerRuntimeFor,
  testEventBus,
  type EventBusFixtureOptions,
} from '@evently/platform/testing';
import { smtpOutageKit } from '@evently/mail/testing';
import type { Delivered, Envelope, EventBus } from '@evently/platform';
import { createKafkaEventBus } from './kafka-event-bus.ts';
import { startKafka } from './testing/kafka-kraft-container.ts';

const hasRuntime = await containerRuntimeFor('Kafka event bus contract, apache/kafka KRaft');

describe.skipIf(!hasRuntime)('Kafka event bus (apache/kafka 3.8, KRaft, one broker)', () => {
  const kafka = containerPerSuite(startKafka);
  const logger = pino({ level: 'warn' });

  const openBus = (options: EventBusFixtureOptions = {}) =>
    createKafkaEventBus({
      brokers: kafka().brokers,
      clientId: `contract-${randomUUID()}`,
      logger,
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });

  testEventBus(
    async (options) => {
      const opened: EventBus[] = [openBus(options)];
      return {
        bus: opened[0]!,
        reopen: async () => {
          const bus = openBus(options);
          opened.push(bus);
          return bus;
        },
        cleanup: async () => {
          for (const bus of opened) await bus.close();
        },
      };
    },
    'kafka',
    smtpOutageKit,
  );

  it('skips a malformed record, commits past it and goes on with the partition', async () => {
    const bus = openBus();
    const topic = `contract.malformed.${randomUUID().slice(0, 8)}`;
    const group = `malformed-${randomUUID().slice(0, 8)}`;
    await bus.init([topic]);
    // Written around our producer, as a foreign or broken client would: same key, so same partition.
    const raw = new Kafka({ clientId: 'raw', brokers: kafka().brokers, logLevel: logLevel.NOTHING }).producer();
    await raw.connect();
    await raw.send({
      topic,
      messages: [
        { key: 'k', value: '{not json' },
        { key: 'k', value: JSON.stringify({ id: 'x' }) },
      ],
    });
    await raw.disconnect();
    const valid: Envelope = {
      id: randomUUID(),
      topic,
      key: 'k',
      type: 'ThingChanged',
      version: 1,
      aggregate_version: 1,
      data: {},
      metadata: { occurred_at: '2026-11-21T12:00:00.000Z' },
    };
    await bus.publish([valid]);
    const received: Delivered[] = [];
    const subscription = await bus.subscribe({
      group,
      topics: [topic],
      handle: async (batch) => void received.push(...batch),
    });
    try {
      await subscription.drained();
      expect(received.map((item) => item.id)).toEqual([valid.id]);
      expect(await bus.lag(group, [topic])).toEqual({ [topic]: 0 });
    } finally {
      await subscription.stop();
      await bus.close();
    }
  });

  it('refuses to reset a group this process is still consuming with', async () => {
    const bus = openBus();
    const topic = `contract.reset.${randomUUID().slice(0, 8)}`;
    await bus.init([topic]);
    const subscription = await bus.subscribe({ group: 'busy', topics: [topic], handle: async () => undefined });
    try {
      await expect(bus.resetGroup('busy', [topic])).rejects.toThrow(/Stop the subscription of group busy/);
    } finally {
      await subscription.stop();
      await bus.close();
    }
  });
});
