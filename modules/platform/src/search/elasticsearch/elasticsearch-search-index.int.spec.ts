/**
 * The SearchIndex contract against a real single-node Elasticsearch (security off) through testcontainers.
 * Without a container engine (as on the team's build machines) the suite is reported as skipped, and says so.
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { hasContainerRuntime } from '../../testing/container-runtime.ts';
import { testSearchIndex } from '../search-index.contract.ts';
import { createElasticsearchSearchIndex } from './elasticsearch-search-index.ts';

// Client 9.x sends `compatible-with=9` headers, which an 8.x server refuses: the server must be 9.x too.
const IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:9.1.0';

const hasRuntime = await hasContainerRuntime();
if (!hasRuntime) console.log(`skipped: no container runtime (Elasticsearch search index contract, ${IMAGE})`);

describe.skipIf(!hasRuntime)(`Elasticsearch SearchIndex contract (${IMAGE}, single node)`, () => {
  let container: StartedTestContainer;
  let node: string;

  beforeAll(async () => {
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        'discovery.type': 'single-node',
        'xpack.security.enabled': 'false',
        ES_JAVA_OPTS: '-Xms512m -Xmx512m',
      })
      .withExposedPorts(9200)
      .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
      .withStartupTimeout(240_000)
      .start();
    node = `http://${container.getHost()}:${container.getMappedPort(9200)}`;
  }, 300_000);

  afterAll(async () => {
    await container?.stop();
  });

  testSearchIndex(() => createElasticsearchSearchIndex({ node }));
});
