/**
 * The SearchIndex contract against a real single-node Elasticsearch (security off) through testcontainers.
 * Without a container engine (as on the team's build machines) the suite is reported as skipped, and says so.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { hasContainerRuntime, testSearchIndex } from '@evently/platform/testing';
import { createElasticsearchSearchIndex } from './elasticsearch-search-index.ts';
import {
  ELASTICSEARCH_IMAGE as IMAGE,
  startElasticsearch,
  type StartedElasticsearch,
} from './testing/elasticsearch-container.ts';

const hasRuntime = await hasContainerRuntime();
if (!hasRuntime) console.log(`skipped: no container runtime (Elasticsearch search index contract, ${IMAGE})`);

describe.skipIf(!hasRuntime)(`Elasticsearch SearchIndex contract (${IMAGE}, single node)`, () => {
  let elastic: StartedElasticsearch;

  beforeAll(async () => {
    elastic = await startElasticsearch();
  }, 300_000);

  afterAll(async () => {
    await elastic?.stop();
  });

  testSearchIndex(() => createElasticsearchSearchIndex({ node: elastic.node }));
});
