/**
 * The SearchIndex contract against a real single-node Elasticsearch (security off) through testcontainers.
 * Without a container engine (as on the team's build machines) the suite is reported as skipped, and says so.
 */
import { describe } from 'vitest';
import { containerPerSuite, containerRuntimeFor, testSearchIndex } from '@evently/platform/testing';
import { createElasticsearchSearchIndex } from './elasticsearch-search-index.ts';
import { ELASTICSEARCH_IMAGE as IMAGE, startElasticsearch } from './testing/elasticsearch-container.ts';

const hasRuntime = await containerRuntimeFor(`Elasticsearch search index contract, ${IMAGE}`);

describe.skipIf(!hasRuntime)(`Elasticsearch SearchIndex contract (${IMAGE}, single node)`, () => {
  const elastic = containerPerSuite(startElasticsearch);

  testSearchIndex(() => createElasticsearchSearchIndex({ node: elastic().node }));
});
