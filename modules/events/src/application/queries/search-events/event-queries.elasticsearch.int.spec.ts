/**
 * The event-query contract cases on a real single-node Elasticsearch through testcontainers. Without a
 * container engine (as on the team's build machines) the suite is skipped and says so.
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll } from 'vitest';
import { createElasticsearchSearchIndex } from '@evently/elasticsearch';
import { containerRuntimeFor } from '@evently/platform/testing';
import { describeEventQueryCases } from '../../../testing/event-query-cases.ts';

// The 9.x client sends compatible-with=9 headers, so the server must be 9.x as well.
const IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:9.4.3';

const hasRuntime = await containerRuntimeFor(`event queries on Elasticsearch, ${IMAGE}`);

// One container per catalogue the cases build (the contract and the linked-offers cases each make one).
const containers: StartedTestContainer[] = [];

describeEventQueryCases(`Elasticsearch (${IMAGE})`, {
  skip: !hasRuntime,
  async makeSearch() {
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({
        'discovery.type': 'single-node',
        'xpack.security.enabled': 'false',
        ES_JAVA_OPTS: '-Xms512m -Xmx512m',
      })
      .withExposedPorts(9200)
      .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
      .withStartupTimeout(240_000)
      .start();
    containers.push(container);
    return createElasticsearchSearchIndex({ node: `http://${container.getHost()}:${container.getMappedPort(9200)}` });
  },
});

afterAll(async () => {
  await Promise.all(containers.map((container) => container.stop()));
});
