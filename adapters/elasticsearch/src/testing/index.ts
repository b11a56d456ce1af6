// Test-only door, '@evently/elasticsearch/testing': a single-node Elasticsearch in a container (testcontainers).
export { startElasticsearch, type StartedElasticsearch } from './elasticsearch-container.ts';
