/**
 * EventBus on Kafka (production profile), with kafkajs.
 *
 * - Topics: one per aggregate type, named by the envelope (`evently.events`); created by `init` (and on first
 *   use) with the configured partitions, never by the broker's auto-creation.
 * - Producer: idempotent (the broker drops duplicates of a retried send), `acks: -1` (all in-sync replicas,
 *   which idempotence requires) and one request in flight, so a retry can never reorder a key's messages.
 * - Consumers: one group per subscriber, offsets committed after the handler resolved (kafka-subscription.ts);
 *   a tail subscription is a private group per subscription that commits nothing.
 * - `resetGroup` moves a stopped group back to the first retained offsets, once the broker reports it empty
 *   (kafkajs `setOffsets` refuses a group with members; one that crashed stays a member until its session
 *   times out); `lag` compares the group's committed offsets with the topics' high watermarks.
 */
import type { Admin, Kafka, Producer, TopicMessages } from 'kafkajs';
import pino, { type Logger } from 'pino';
import {
  envelopeSchema,
  type Envelope,
  type EventBus,
  type SubscribeArgs,
  type Subscription,
  withDeadLetters,
  ConsumerWaits,
  type Backoff,
} from '@evently/platform';
import { encodeEnvelope } from './kafka-codec.ts';
import { pinoLogCreator } from './kafka-log.ts';
import { topicLag } from './kafka-offsets.ts';
import { startKafkaSubscription, type KafkaSubscription } from './kafka-subscription.ts';
import { assertValidTopicName, topicConfigs, type TopicLayout } from './kafka-topics.ts';
import { createKafkaDeadLetters, DEAD_LETTER_TOPIC } from './kafka-dead-letters.ts';
import { createKafkaLogErasure } from './kafka-log-erasure.ts';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Defaults: 3 partitions, replication factor 1 (the single broker of docker-compose.yml). */
  partitions?: number;
  replicationFactor?: number;
  /**
   * Topics whose every message is a whole-aggregate snapshot, created compacted (kafka-topics.ts). Default:
   * `evently.events` and the dead-letter topic. Topics named `*.activity` get a 7-day retention.
   */
  snapshotTopics?: string[];
  /** Redelivery pace of a failing partition (default `DEFAULT_KAFKA_BACKOFF`); tests inject a virtual `sleep`. */
  backoff?: Backoff;
  /**
   * How long `resetGroup` waits for the group's members to leave (default 60 s: a member that crashed stays
   * until its session timeout, 30 s by kafkajs's default) before failing with the group's state.
   */
  groupEmptyTimeoutMs?: number;
}

export const DEFAULT_SNAPSHOT_TOPICS = ['evently.events', DEAD_LETTER_TOPIC];

export function createKafkaEventBus(options: KafkaEventBusOptions): EventBus {
  if (options.brokers.length === 0) throw new Error('createKafkaEventBus needs at least one broker');
  const logger = options.logger ?? pino({ name: 'kafka-event-bus' });
  const layout: TopicLayout = {
    partitions: options.partitions ?? 3,
    replicationFactor: options.replicationFactor ?? 1,
  };
  const snapshotTopics = new Set(options.snapshotTopics ?? DEFAULT_SNAPSHOT_TOPICS);
  // kafkajs is loaded on first use, so processes on the embedded bus never load it.
  const kafkajs = () => import('kafkajs');
  let kafkaReady: Promise<Kafka> | null = null;
  const kafka = (): Promise<Kafka> =>
    (kafkaReady ??= kafkajs().then(
      ({ Kafka, logLevel }) =>
        new Kafka({
          clientId: options.clientId,
          brokers: options.brokers,
          logLevel: logLevel.INFO,
          logCreator: pinoLogCreator(logger.child({ component: 'kafkajs' })),
        }),
    ));

  const knownTopics = new Set<string>();
  const waits = new ConsumerWaits();
  const subscriptions = new Set<KafkaSubscription>();
  let producerReady: Promise<Producer> | null = null;
  let adminReady: Promise<Admin> | null = null;
  let closed = false;

  /** Connects once; a failed attempt is forgotten so the next call retries (the broker may start later). */
  const connectOnce = async <T extends { connect(): Promise<void> }>(
    make: () => Promise<T>,
    forget: () => void,
  ): Promise<T> => {
    if (closed) throw new Error('The Kafka event bus is closed');
    try {
      const client = await make();
      await client.connect();
      return client;
    } catch (error) {
      forget();
      throw error;
    }
  };

  const admin = (): Promise<Admin> =>
    (adminReady ??= connectOnce(
      async () => (await kafka()).admin(),
      () => (adminReady = null),
    ));

  const producer = (): Promise<Producer> =>
    (producerReady ??= connectOnce(
      async () => {
        const { Partitioners } = await kafkajs();
        return (await kafka()).producer({
          idempotent: true,
          maxInFlightRequests: 1,
          allowAutoTopicCreation: false,
          // Same key -> same partition as Java clients (murmur2); named explicitly to keep that choice visible.
          createPartitioner: Partitioners.DefaultPartitioner,
        });
      },
      () => (producerReady = null),
    ));

  const ensureTopics = async (topics: string[]) => {
    const missing = [...new Set(topics)].filter((topic) => !knownTopics.has(assertValidTopicName(topic)));
    if (missing.length === 0) return;
    // createTopics resolves false (no error) for topics that already exist, so this is safe to repeat.
    // Settings apply at creation only: a topic created before these policies keeps its own until changed
    // with kafka-configs.sh (docs/operations.md).
    await (await admin()).createTopics({ topics: topicConfigs(missing, layout, snapshotTopics), waitForLeaders: true });
    for (const topic of missing) knownTopics.add(topic);
  };

  const deadLetters = createKafkaDeadLetters({
    kafka,
    producer,
    admin,
    ensureTopic: () => ensureTopics([DEAD_LETTER_TOPIC]),
  });

  const groupIsActive = (group: string) => [...subscriptions].some((subscription) => subscription.group === group);

  /** Until the broker reports the group without members, polling once a second. */
  const waitUntilEmpty = async (client: Admin, group: string): Promise<void> => {
    const timeoutMs = options.groupEmptyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    let logged = false;
    for (;;) {
      const { groups } = await client.describeGroups([group]);
      const state = groups[0]?.state ?? 'Dead';
      const members = groups[0]?.members.length ?? 0;
      if (state === 'Empty' || state === 'Dead') return;
      if (Date.now() >= deadline) {
        throw new Error(
          `Consumer group ${group} still has ${members} member(s) (state ${state}) after ${Math.round(timeoutMs / 1000)} s, and Kafka moves no offsets of a group with members; ` +
            `see who they are with kafka-consumer-groups.sh --describe --group ${group}`,
        );
      }
      if (!logged) {
        logged = true;
        logger.info({ group, state, members }, 'waiting for the consumer group to empty before resetting its offsets');
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  return {
    engine: 'kafka',
    deadLetters,
    waiting: () => waits.list(),
    erasure: createKafkaLogErasure({ producer, deadLetters, compactedTopics: snapshotTopics, ensureTopics }),

    async init(topics: string[]) {
      await ensureTopics(topics);
    },

    async publish(messages: Envelope[]) {
      if (messages.length === 0) return;
      const byTopic = new Map<string, TopicMessages>();
      for (const message of messages) {
        const envelope = envelopeSchema.parse(message) as Envelope;
        const entry = byTopic.get(envelope.topic) ?? { topic: envelope.topic, messages: [] };
        entry.messages.push(encodeEnvelope(envelope));
        byTopic.set(envelope.topic, entry);
      }
      await ensureTopics([...byTopic.keys()]);
      // One request in flight and acks from all in-sync replicas: resolved means durable and in key order.
      await (await producer()).sendBatch({ topicMessages: [...byTopic.values()], acks: -1 });
    },

    async subscribe(args: SubscribeArgs): Promise<Subscription> {
      if (args.topics.length === 0) throw new Error(`Group ${args.group} subscribes to no topic`);
      await ensureTopics(args.topics);
      const group = args.group;
      const handle = withDeadLetters({
        group,
        handle: args.handle,
        queue: deadLetters,
        logger: logger.child({ group }),
        maxAttempts: args.maxAttempts,
      });
      const subscription = await startKafkaSubscription({
        kafka: await kafka(),
        admin,
        args: { ...args, handle },
        logger,
        waits,
        ...(options.backoff ? { backoff: options.backoff } : {}),
        onStop: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    async resetGroup(group: string, topics: string[]) {
      // Kafka refuses to move the offsets of a group with live members; say which one it is instead.
      if (groupIsActive(group)) throw new Error(`Stop the subscription of group ${group} before resetting it`);
      await ensureTopics(topics);
      const client = await admin();
      await waitUntilEmpty(client, group);
      for (const topic of topics) {
        // Explicit low watermarks rather than `resetOffsets({ earliest: true })`, which commits the marker
        // -2: real offsets read the same in every tool (kafka-consumer-groups.sh, lag dashboards).
        const watermarks = await client.fetchTopicOffsets(topic);
        const partitions = watermarks.map(({ partition, low }) => ({ partition, offset: low }));
        await client.setOffsets({ groupId: group, topic, partitions });
      }
    },

    async lag(group: string, topics: string[]) {
      const client = await admin();
      const committed = await client.fetchOffsets({ groupId: group, topics });
      const result: Record<string, number> = {};
      for (const topic of topics) {
        const watermarks = await client.fetchTopicOffsets(topic);
        result[topic] = topicLag(watermarks, committed.find((entry) => entry.topic === topic)?.partitions ?? []);
      }
      return result;
    },

    async ping() {
      await (await admin()).describeCluster();
    },

    async close() {
      if (closed) return;
      closed = true;
      // Every client is closed even if one of them fails to; the first failure is reported afterwards.
      const stopped = await Promise.allSettled([...subscriptions].map((subscription) => subscription.stop()));
      const clients = await Promise.all([producerReady, adminReady].map((ready) => ready?.catch(() => null)));
      const disconnected = await Promise.allSettled(clients.map((client) => client?.disconnect()));
      producerReady = null;
      adminReady = null;
      const failure = [...stopped, ...disconnected].find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}
