/** A single-node Elasticsearch (security off) for container suites; the server's minor matches the client's. */
import { GenericContainer, Wait } from 'testcontainers';

// Client 9.x sends `compatible-with=9` headers, which an 8.x server refuses: the server must be 9.x too.
export const ELASTICSEARCH_IMAGE = 'docker.elastic.co/elasticsearch/elasticsearch:9.4.3';

export interface StartedElasticsearch {
  node: string;
  stop(): Promise<void>;
}

export async function startElasticsearch(image = ELASTICSEARCH_IMAGE): Promise<StartedElasticsearch> {
  const container = await new GenericContainer(image)
    .withEnvironment({
      'discovery.type': 'single-node',
      'xpack.security.enabled': 'false',
      ES_JAVA_OPTS: '-Xms512m -Xmx512m',
    })
    .withExposedPorts(9200)
    .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
    .withStartupTimeout(240_000)
    .start();
  return {
    node: `http://${container.getHost()}:${container.getMappedPort(9200)}`,
    stop: async () => void (await container.stop()),
  };
}
