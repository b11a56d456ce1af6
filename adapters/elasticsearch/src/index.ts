// The production search index's door: SearchIndex on Elasticsearch.
export { createElasticsearchSearchIndex, type ElasticsearchSearchIndexOptions } from './elasticsearch-search-index.ts';
