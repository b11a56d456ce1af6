/**
 * The assembled production path on real engines through testcontainers: MongoDB (replica set) → outbox →
 * relay (with its lease) → Kafka → projector → Elasticsearch, plus the blue/green rebuild a schema change
 * starts and the rebuild-beside-live case the embedded engines also run. Without a container engine (the team's build machines) the suite is reported as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { containerRuntimeFor, waitFor, testRebuildBesideLive } from '@evently/platform/testing';
import { startMongoReplicaSet, type StartedMongoReplicaSet } from '@evently/mongodb/testing';
import { startKafka, type StartedKafka } from '@evently/kafka/testing';
import { startElasticsearch, type StartedElasticsearch } from '@evently/elasticsearch/testing';
import { createMongoDocumentStore } from '@evently/mongodb';
import { createKafkaEventBus } from '@evently/kafka';
import { createElasticsearchSearchIndex } from '@evently/elasticsearch';
import {
  createOutboxRelay,
  createStoreLease,
  createEnvelope,
  type Delivered,
  type IndexSchema,
  createProjectorRunner,
  type Projector,
} from '@evently/platform';

const hasRuntime = await containerRuntimeFor(
  'assembled pipeline: MongoDB → outbox → relay → Kafka → projector → Elasticsearch',
);

const logger = pino({ level: 'silent' });
const TOPIC = 'evently.things';

describe.skipIf(!hasRuntime)('production pipeline on MongoDB, Kafka and Elasticsearch', () => {
  let mongo: StartedMongoReplicaSet;
  let kafka: StartedKafka;
  let elastic: StartedElasticsearch;

  beforeAll(async () => {
    [mongo, kafka, elastic] = await Promise.all([startMongoReplicaSet(), startKafka(), startElasticsearch()]);
  }, 400_000);
  afterAll(async () => {
    await Promise.all([mongo?.stop(), kafka?.stop(), elastic?.stop()]);
  });

  const schema = (name: string, extra: IndexSchema['fields'] = {}): IndexSchema => ({
    name,
    fields: { name: { type: 'text' }, ...extra },
  });

  const docsOf = (batch: Delivered[]) =>
    batch.map((m) => ({ id: m.key, ...(m.data as object), aggregate_version: m.aggregate_version }));

  it('a committed change reaches the index, a schema change rebuilds blue/green while the old copy serves', async () => {
    const index = `things_${Date.now().toString(36)}`;
    const store = createMongoDocumentStore({ uri: mongo.uri, dbName: `pipeline_${Date.now()}`, logger });
    const bus = createKafkaEventBus({ brokers: kafka.brokers, clientId: 'pipeline-test', logger });
    const search = createElasticsearchSearchIndex({ node: elastic.node });
    await store.init([{ name: 'things' }]);
    expect(await search.init(schema(index))).toEqual({ created: true });
    // A projector shaped like the events one: versioned writes, streaming into the rebuilt copy.
    const projector: Projector = {
      name: `things-${index}`,
      topics: [TOPIC],
      searchIndexes: [index],
      apply: async (batch: Delivered[]) => {
        await search.upsert(index, docsOf(batch), { versionField: 'aggregate_version' });
      },
      beginRebuild: async () => {
        const copy = await search.beginRebuild(index);
        return {
          apply: (batch: Delivered[]) => copy.upsert(docsOf(batch), { versionField: 'aggregate_version' }),
          finish: () => copy.commit(),
          abort: () => copy.abort(),
        };
      },
    };
    const relay = createOutboxRelay({
      outbox: store.outbox,
      bus,
      logger,
      lease: createStoreLease({ store, name: 'outbox-relay' }),
    });
    const runner = createProjectorRunner({ bus, projectors: [projector], logger });
    relay.start();
    await runner.start();
    try {
      for (const [id, name] of [
        ['1', 'Jazz Night'],
        ['2', 'Techno Marathon'],
      ] as const) {
        await store.transaction(async (tx) => {
          await tx.insert<{ name: string }>('things', { id, name });
          await tx.appendOutbox([
            createEnvelope({
              topic: TOPIC,
              key: id,
              type: 'ThingChanged',
              aggregateVersion: 1,
              data: { name },
              occurredAt: new Date(),
            }),
          ]);
        });
      }
      await relay.flush();
      await runner.drained();
      await search.refresh(index);
      expect((await search.search(index, { text: 'jazz' })).hits.map((hit) => hit.id)).toEqual(['1']);

      // A new schema: the serving copy stays, the rebuild fills a new one and the alias swaps at the end.
      expect(await search.init(schema(index, { city: { type: 'keyword' } }))).toEqual({ created: true });
      expect((await search.search(index, {})).total).toBe(2);
      await runner.rebuild([projector.name]);
      await search.refresh(index);
      expect((await search.search(index, {})).total).toBe(2);
      expect(await search.init(schema(index, { city: { type: 'keyword' } }))).toEqual({ created: false });
    } finally {
      await runner.stop();
      await relay.stop();
      await bus.close();
      await search.close();
      await store.close();
    }
  });

  testRebuildBesideLive(async () => {
    const bus = createKafkaEventBus({ brokers: kafka.brokers, clientId: `rebuild-${Date.now()}`, logger });
    const search = createElasticsearchSearchIndex({ node: elastic.node });
    return { bus, search, close: async () => (await bus.close(), search.close()) };
  }, TOPIC);

  it('two replicas initialising at once create one copy and neither deletes it', async () => {
    const index = `race_${Date.now().toString(36)}`;
    const replicas = [
      createElasticsearchSearchIndex({ node: elastic.node }),
      createElasticsearchSearchIndex({ node: elastic.node }),
    ];
    const results = await Promise.all(replicas.map((replica) => replica.init(schema(index))));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    await replicas[0]!.upsert(index, [{ id: '1', name: 'kept' }]);
    await replicas[1]!.init(schema(index));
    await waitFor(
      async () => (await replicas[1]!.get(index, '1')) !== null,
      'the document to be readable on the other replica',
    );
    await Promise.all(replicas.map((replica) => replica.close()));
  });
});
