/**
 * Production SearchIndex on Elasticsearch (client 9.4). Each logical index is an alias over a versioned
 * concrete index `<name>_v<N>`; a rebuild fills `<name>_v<N+1>` with refreshes off, then swaps the alias in
 * one `_aliases` call and deletes the old index, so readers never see a half-built copy. Query translation
 * lives in es-query.ts and the mapping in es-mapping.ts, both pure and unit-tested.
 */
import { Client, errors } from '@elastic/elasticsearch';
import type {
  FacetResult,
  IndexDocument,
  IndexRebuild,
  IndexSchema,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../search-index.port.ts';
import { assertPlainName } from '../document-id.ts';
import { indexMappings, indexSettings, versionOf, versionedName } from './es-mapping.ts';
import { facetsBody, matchQuery, portDistanceKm, searchBody } from './es-query.ts';
import { aliasSwapActions, bulkFailure, deleteOperations, indexOperations } from './es-bulk.ts';

export interface ElasticsearchSearchIndexOptions {
  /** e.g. `http://localhost:9200`. */
  node: string;
}

/** Documents per bulk request: a few MB per request for event-sized documents. */
const BULK_CHUNK = 2000;

const isNotFound = (error: unknown): boolean => error instanceof errors.ResponseError && error.statusCode === 404;

export function createElasticsearchSearchIndex({ node }: ElasticsearchSearchIndexOptions): SearchIndex {
  const client = new Client({ node });
  const schemas = new Map<string, IndexSchema>();

  const schemaOf = (index: string): IndexSchema => {
    const schema = schemas.get(index);
    if (!schema) throw new Error(`Search index "${index}" is not initialised`);
    return schema;
  };

  /** The concrete index behind an alias, or null when the alias does not exist. */
  const concreteIndex = async (alias: string): Promise<string | null> => {
    try {
      const response = await client.indices.getAlias({ name: alias });
      const names = Object.keys(response);
      if (names.length !== 1) throw new Error(`Alias ${alias} points at ${names.length} indices`);
      return names[0]!;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const createIndex = async (name: string, schema: IndexSchema, alias?: string, loading = false): Promise<void> => {
    await client.indices.delete({ index: name }, { ignore: [404] });
    await client.indices.create({
      index: name,
      settings: loading ? { ...indexSettings(), refresh_interval: '-1' } : indexSettings(),
      mappings: indexMappings(schema),
      ...(alias ? { aliases: { [alias]: {} } } : {}),
    });
  };

  const bulk = async (operations: NonNullable<Parameters<typeof client.bulk>[0]['operations']>, refresh: boolean) => {
    if (operations.length === 0) return;
    const response = await client.bulk({ operations, refresh: refresh ? 'wait_for' : false });
    const failure = bulkFailure(response);
    if (failure) throw new Error(`Elasticsearch bulk request failed: ${failure}`);
  };

  const writeDocs = async (index: string, docs: IndexDocument[], refresh: boolean): Promise<void> => {
    for (let start = 0; start < docs.length; start += BULK_CHUNK) {
      await bulk(indexOperations(index, docs.slice(start, start + BULK_CHUNK)), refresh);
    }
  };

  const swapIn = async (alias: string, from: string, to: string): Promise<void> => {
    await client.indices.updateAliases({ actions: aliasSwapActions(alias, from, to) });
    await client.indices.delete({ index: from }, { ignore: [404] });
  };

  return {
    engine: 'elasticsearch',

    async init(schema) {
      assertPlainName('Index', schema.name);
      const wanted = JSON.stringify(schema);
      schemas.set(schema.name, schema);
      const current = await concreteIndex(schema.name);
      if (current === null) {
        await createIndex(versionedName(schema.name, 1), schema, schema.name);
        return { created: true };
      }
      const mapping = await client.indices.getMapping({ index: current });
      const stored = mapping[current]?.mappings._meta?.schema;
      if (stored === wanted) return { created: false };
      const next = versionedName(schema.name, versionOf(schema.name, current) + 1);
      await createIndex(next, schema);
      await swapIn(schema.name, current, next);
      return { created: true };
    },

    async upsert(index, docs) {
      schemaOf(index);
      await writeDocs(index, docs, true);
    },

    async delete(index, ids) {
      schemaOf(index);
      await bulk(deleteOperations(index, ids), true);
    },

    async get(index, id) {
      schemaOf(index);
      try {
        const response = await client.get<IndexDocument>({ index, id });
        return response._source ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async search<T = IndexDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>> {
      const { request, distanceSlot } = searchBody(schemaOf(index), query);
      const response = await client.search<IndexDocument>({ index, ...request });
      const total = response.hits.total;
      const hits = response.hits.hits.map((hit) => {
        const result: SearchHit = { id: hit._id!, source: hit._source ?? { id: hit._id! } };
        if (distanceSlot !== null) result.distanceKm = portDistanceKm(Number(hit.sort?.[distanceSlot]));
        return result as SearchHit<T>;
      });
      return { total: typeof total === 'number' ? total : (total?.value ?? 0), hits };
    },

    async count(index, query) {
      const response = await client.count({ index, query: matchQuery(schemaOf(index), query) });
      return response.count;
    },

    async facets(index, request): Promise<FacetResult> {
      const response = await client.search({ index, ...facetsBody(schemaOf(index), request) });
      const aggregations = (response.aggregations ?? {}) as Record<string, unknown>;
      const result: FacetResult = { terms: {}, stats: {} };
      for (const field of request.terms ?? []) {
        const buckets = (aggregations[`terms_${field}`] as TermsAggregate | undefined)?.buckets ?? [];
        result.terms[field] = buckets.map((bucket) => ({
          value: String(bucket.spelling.buckets[0]?.key ?? bucket.key),
          count: bucket.doc_count,
        }));
      }
      for (const field of request.stats ?? []) {
        const stats = aggregations[`stats_${field}`] as { min: number | null; max: number | null } | undefined;
        result.stats[field] = { min: stats?.min ?? null, max: stats?.max ?? null };
      }
      return result;
    },

    async beginRebuild(index): Promise<IndexRebuild> {
      const schema = schemaOf(index);
      const current = await concreteIndex(index);
      if (current === null) throw new Error(`Search index "${index}" is not initialised`);
      const next = versionedName(index, versionOf(index, current) + 1);
      await createIndex(next, schema, undefined, true);
      let finished = false;
      const ensureOpen = () => {
        if (finished) throw new Error(`Rebuild of "${index}" already finished`);
      };
      return {
        async upsert(docs) {
          ensureOpen();
          await writeDocs(next, docs, false);
        },
        async commit() {
          ensureOpen();
          finished = true;
          await client.indices.putSettings({ index: next, settings: { refresh_interval: '1s' } });
          await client.indices.refresh({ index: next });
          await swapIn(index, current, next);
        },
        async abort() {
          if (finished) return;
          finished = true;
          await client.indices.delete({ index: next }, { ignore: [404] });
        },
      };
    },

    async ping() {
      await client.ping();
    },

    async close() {
      await client.close();
    },
  };
}

interface TermsAggregate {
  buckets: Array<{ key: string; doc_count: number; spelling: { buckets: Array<{ key: string }> } }>;
}
