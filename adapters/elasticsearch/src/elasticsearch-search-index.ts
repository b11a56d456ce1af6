/**
 * Production SearchIndex on Elasticsearch (client 9.4). Each logical index is an alias over a versioned
 * concrete index `<name>_v<N>`. Set-up is safe with every replica starting at once (es-index-setup.ts):
 * create-if-absent, and a changed schema never touches the serving copy. A rebuild fills a new copy with
 * refreshes off while the old one keeps serving, then swaps the alias in one `_aliases` call that checks the
 * alias still points at the copy it started from, and only then deletes the old copy. Writes rely on the
 * refresh interval (no `refresh=wait_for` per bulk); reads of whole documents (`get`, `_mget`) are
 * real-time. Query translation lives in es-query.ts and the mapping in es-mapping.ts, both pure and tested.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import {
  assertWithinWindow,
  MAX_RESULT_WINDOW,
  type FacetResult,
  type FragmentHit,
  type FragmentPage,
  type IndexChanges,
  type IndexDocument,
  type IndexRebuild,
  type IndexSchema,
  type SearchHit,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
} from '@evently/platform';
import {
  assertPlainName,
  schemaFingerprint,
  preferredSpelling,
  encodeCursor,
  type CursorValue,
  emptyFacets,
  facetsForServedSchema,
  pendingFields,
  queryForServedSchema,
  schemaFromFingerprint,
} from '@evently/platform/adapter-kit';
import { indexMappings, indexSettings } from './es-mapping.ts';
import { facetsBody, matchQuery, portDistanceKm, scanBody, searchBody } from './es-query.ts';
import { aliasSwapActions, bulkError, changeRequests, mgetDocuments } from './es-bulk.ts';
import { initDecision, nextCopyName, unusedCopies } from './es-index-setup.ts';

export interface ElasticsearchSearchIndexOptions {
  /** e.g. `http://localhost:9200`. */
  node: string;
}

/** Documents per bulk request: a few MB per request for event-sized documents. */
const BULK_CHUNK = 2000;
const DEFAULT_LIMIT = 100;
const SCAN_PAGE = 1000;
/** How long a point in time stays open between two pages of a scan (renewed by every page). */
const PIT_KEEP_ALIVE = '1m';
/** How long a process reads with the serving copy's schema before looking it up again. */
const SERVED_SCHEMA_TTL_MS = 1000;
/**
 * Refresh interval of a serving copy (a copy being loaded has refreshes off until its commit). Set explicitly
 * although it is Elasticsearch's default: left unset, a shard that had no search for `index.search.idle.after`
 * stops refreshing and the next search waits for a refresh.
 */
const REFRESH_INTERVAL = '1s';

/** The client's ResponseError (an answer with an error status), known by its name: the client is loaded lazily. */
const responseError = (error: unknown): { statusCode?: number; body?: unknown } | undefined =>
  error instanceof Error && error.name === 'ResponseError'
    ? (error as Error & { statusCode?: number; body?: unknown })
    : undefined;
const isNotFound = (error: unknown): boolean => responseError(error)?.statusCode === 404;
const errorType = (error: unknown): string | undefined =>
  (responseError(error)?.body as { error?: { type?: string } } | undefined)?.error?.type;

type Operations = NonNullable<estypes.BulkRequest['operations']>;

export function createElasticsearchSearchIndex({ node }: ElasticsearchSearchIndexOptions): SearchIndex {
  // The client and its HTTP stack are loaded on first use, so a process on the embedded engine never loads them.
  let loading: Promise<Client> | null = null;
  const client = (): Promise<Client> =>
    (loading ??= import('@elastic/elasticsearch').then(({ Client }) => new Client({ node })));
  const schemas = new Map<string, IndexSchema>();

  const schemaOf = (index: string): IndexSchema => {
    const schema = schemas.get(index);
    if (!schema) throw new Error(`Search index "${index}" is not initialised`);
    return schema;
  };

  /** The concrete index behind an alias, or null when the alias does not exist. */
  const concreteIndex = async (alias: string): Promise<string | null> => {
    try {
      const response = await (await client()).indices.getAlias({ name: alias });
      const names = Object.keys(response);
      if (names.length !== 1) throw new Error(`Alias ${alias} points at ${names.length} indices`);
      return names[0]!;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  /** Every concrete index named `<alias>_v*`, served or not. */
  const copiesOf = async (alias: string): Promise<string[]> => {
    const response = await (
      await client()
    ).indices.get({ index: `${alias}_v*`, expand_wildcards: 'open', allow_no_indices: true });
    return Object.keys(response);
  };

  /** Create-if-absent: false when the index already exists (another process made it first). */
  const createIndex = async (
    name: string,
    schema: IndexSchema,
    options: { alias?: string; loading?: boolean },
  ): Promise<boolean> => {
    try {
      await (
        await client()
      ).indices.create({
        index: name,
        settings: { ...indexSettings(), refresh_interval: options.loading ? '-1' : REFRESH_INTERVAL },
        mappings: indexMappings(schema),
        ...(options.alias ? { aliases: { [options.alias]: {} } } : {}),
      });
      return true;
    } catch (error) {
      if (errorType(error) === 'resource_already_exists_exception') return false;
      throw error;
    }
  };

  const bulk = async (operations: Operations): Promise<void> => {
    if (operations.length === 0) return;
    // No refresh parameter: documents become searchable with the next scheduled refresh (1 s), which keeps
    // bulk throughput up; get and _mget are real-time and need none.
    const response = await (await client()).bulk({ operations });
    const failure = bulkError(response);
    if (failure) throw failure;
  };

  /** Upserts, then deletes, at most `BULK_CHUNK` documents a request. */
  const writeChanges = async (index: string, changes: IndexChanges, versionField?: string): Promise<void> => {
    for (const operations of changeRequests(index, changes, BULK_CHUNK, versionField)) await bulk(operations);
  };

  /** `_source` of whole-document reads: without the schema's answer fragments, which the port keeps apart. */
  const wholeSource = (schema: IndexSchema): { _source_excludes?: string[] } => {
    const fragments = Object.keys(schema.fragments ?? {});
    return fragments.length > 0 ? { _source_excludes: fragments } : {};
  };

  const getMany = async (index: string, schema: IndexSchema, ids: string[]): Promise<Map<string, IndexDocument>> => {
    if (ids.length === 0) return new Map();
    return mgetDocuments(
      await (await client()).mget<IndexDocument>({ index, ids: [...new Set(ids)], ...wholeSource(schema) }),
    );
  };

  const toHit = <T>(hit: estypes.SearchHit<IndexDocument>, distanceSlot: number | null): SearchHit<T> => {
    const result: SearchHit = { id: hit._id!, source: hit._source ?? { id: hit._id! } };
    if (distanceSlot !== null) result.distanceKm = portDistanceKm(Number(hit.sort?.[distanceSlot]));
    return result as SearchHit<T>;
  };

  /**
   * The schema the serving copy was built with (its `_meta`), which readers query it with until a rebuild's
   * swap (served-schema.ts); looked up again after a second, so a swap made by another process is seen soon.
   */
  const served = new Map<string, { at: number; schema: IndexSchema; pending: ReadonlySet<string> }>();
  const servedSchemaOf = async (index: string): Promise<{ schema: IndexSchema; pending: ReadonlySet<string> }> => {
    const wanted = schemaOf(index);
    const cached = served.get(index);
    if (cached && Date.now() - cached.at < SERVED_SCHEMA_TTL_MS) return cached;
    const mapping = await (await client()).indices.getMapping({ index });
    const schema = schemaFromFingerprint(Object.values(mapping)[0]?.mappings._meta?.schema, wanted);
    const entry = { at: Date.now(), schema, pending: pendingFields(schema, wanted) };
    served.set(index, entry);
    return entry;
  };

  const emptyPage = <T>(): SearchResult<T> => ({ total: 0, hits: [], nextCursor: null });

  const searchPage = async <T = IndexDocument>(index: string, asked: SearchQuery): Promise<SearchResult<T>> => {
    assertWithinWindow(asked, DEFAULT_LIMIT);
    const { schema, pending } = await servedSchemaOf(index);
    const { query, matchesNothing } = queryForServedSchema(asked, pending);
    if (matchesNothing) return emptyPage<T>();
    // Cursor pages run on the live index, not a point in time: a cursor crosses HTTP, a visitor may stop
    // walking at any page, and api replicas share nothing, so a PIT per walk would be opened by one request
    // and left to expire by another. The id tie-break keeps the order total without one (decision 019).
    const { request, distanceSlot, limit, order } = searchBody(schema, query);
    const response = await (await client()).search<IndexDocument>({ index, ...request });
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    const page = response.hits.hits.slice(0, limit);
    const last = page[page.length - 1];
    // A cursor page read one hit over (a page of the whole window could not: it may end on an empty page).
    const beyond =
      query.after === undefined
        ? (query.offset ?? 0) + page.length < total
        : response.hits.hits.length > limit || page.length === MAX_RESULT_WINDOW;
    const more = beyond && last?.sort !== undefined;
    return {
      total,
      hits: page.map((hit) => toHit<T>(hit, distanceSlot)),
      nextCursor: more ? encodeCursor(order, last.sort as CursorValue[]) : null,
    };
  };

  /** Copies left by crashed or superseded rebuilds: never served again (the caller holds the rebuild lease). */
  const dropUnusedCopies = async (alias: string, live: string): Promise<string[]> => {
    const unused = unusedCopies(alias, await copiesOf(alias), live);
    for (const copy of unused) await (await client()).indices.delete({ index: copy }, { ignore: [404] });
    return unused;
  };

  return {
    engine: 'elasticsearch',

    async init(schema) {
      assertPlainName('Index', schema.name);
      schemas.set(schema.name, schema);
      served.delete(schema.name);
      const wanted = schemaFingerprint(schema);
      let current = await concreteIndex(schema.name);
      let stored: string | undefined;
      if (current !== null) {
        const mapping = await (await client()).indices.getMapping({ index: current });
        stored = mapping[current]?.mappings._meta?.schema as string | undefined;
      }
      const decision = initDecision(schema.name, current, stored, wanted);
      if (decision.action === 'keep') return { created: false };
      if (decision.action === 'rebuild') return { created: true };
      if (await createIndex(decision.index, schema, { alias: schema.name })) return { created: true };
      // Another process created it between our look-up and our request: its copy is the one to use.
      current = await concreteIndex(schema.name);
      if (current === null)
        throw new Error(
          `Index ${decision.index} exists without the alias ${schema.name}; add the alias or delete the index`,
        );
      return { created: false };
    },

    async upsert(index, docs, options) {
      schemaOf(index);
      await writeChanges(index, { upsert: docs }, options?.versionField);
    },

    async delete(index, ids) {
      // Versioned ids compare with the external version each document was written with: no field needed.
      schemaOf(index);
      await writeChanges(index, { delete: ids });
    },

    async write(index, changes, options) {
      schemaOf(index);
      await writeChanges(index, changes, options?.versionField);
    },

    async get(index, id) {
      schemaOf(index);
      try {
        const response = await (await client()).get<IndexDocument>({ index, id, ...wholeSource(schemaOf(index)) });
        return response._source ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async getMany(index, ids) {
      return getMany(index, schemaOf(index), ids);
    },

    async refresh(index) {
      schemaOf(index);
      await (await client()).indices.refresh({ index });
    },

    search: searchPage,

    async searchFragments(index, query, fragment): Promise<FragmentPage> {
      // Elasticsearch keeps a fragment as a field of `_source` (not indexed: the mapping is not dynamic) and
      // returns it parsed, so it is written back as text: the same text, since JSON.parse keeps key order.
      const page = await searchPage<IndexDocument>(index, { ...query, fields: [fragment] });
      return {
        total: page.total,
        nextCursor: page.nextCursor,
        hits: page.hits.map(({ id, source, distanceKm }): FragmentHit => {
          const value = source[fragment];
          return {
            id,
            fragment: value === undefined ? null : JSON.stringify(value),
            ...(distanceKm === undefined ? {} : { distanceKm }),
          };
        }),
      };
    },

    async *scan<T = IndexDocument>(index: string, asked: Omit<SearchQuery, 'offset' | 'limit'>, pageSize = SCAN_PAGE) {
      const { schema, pending } = await servedSchemaOf(index);
      const { query, matchesNothing } = queryForServedSchema(asked, pending);
      if (matchesNothing) return;
      const pit = await (await client()).openPointInTime({ index, keep_alive: PIT_KEEP_ALIVE });
      let pitId = pit.id;
      try {
        let after: estypes.SortResults | undefined;
        for (;;) {
          const { request, distanceSlot } = scanBody(schema, query, {
            pitId,
            keepAlive: PIT_KEEP_ALIVE,
            size: pageSize,
            after,
          });
          const response = await (await client()).search<IndexDocument>(request);
          // Each answer may carry a new PIT id; the latest one must be used for the next page.
          pitId = response.pit_id ?? pitId;
          const hits = response.hits.hits;
          if (hits.length === 0) return;
          yield hits.map((hit) => toHit<T>(hit, distanceSlot));
          if (hits.length < pageSize) return;
          after = hits[hits.length - 1]!.sort;
        }
      } finally {
        await (await client()).closePointInTime({ id: pitId }).catch(() => undefined);
      }
    },

    async count(index, asked, options) {
      const atMost = options?.atMost;
      const { schema, pending } = await servedSchemaOf(index);
      const { query, matchesNothing } = queryForServedSchema(asked, pending);
      if (matchesNothing) return 0;
      const response = await (
        await client()
      ).count({
        index,
        query: matchQuery(schema, query),
        ...(atMost !== undefined ? { terminate_after: Math.max(1, Math.floor(atMost)) } : {}),
      });
      if (atMost !== undefined) return Math.min(response.count, Math.max(0, Math.floor(atMost)));
      return response.count;
    },

    async facets(index, asked): Promise<FacetResult> {
      const { schema, pending } = await servedSchemaOf(index);
      const { request, emptyTerms, emptyStats, matchesNothing } = facetsForServedSchema(asked, pending);
      const result: FacetResult = { terms: {}, stats: {} };
      for (const field of emptyTerms) result.terms[field] = [];
      for (const field of emptyStats) result.stats[field] = { min: null, max: null };
      if (matchesNothing) return emptyFacets(asked);
      const response = await (await client()).search({ index, ...facetsBody(schema, request) });
      const aggregations = (response.aggregations ?? {}) as Record<string, unknown>;
      for (const field of request.terms ?? []) {
        const buckets = (aggregations[`terms_${field}`] as TermsAggregate | undefined)?.buckets ?? [];
        result.terms[field] = buckets.map((bucket) => ({
          value:
            preferredSpelling(bucket.spelling.buckets.map((b) => ({ raw: String(b.key), count: b.doc_count }))) ??
            String(bucket.key),
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
      // The schema last given to init: a changed schema reaches the index through this rebuild.
      const schema = schemaOf(index);
      const current = await concreteIndex(index);
      if (current === null) throw new Error(`Search index "${index}" is not initialised`);
      await dropUnusedCopies(index, current);
      // A name above every existing copy; if another rebuild takes it first, take the next one.
      let next = nextCopyName(index, await copiesOf(index));
      while (!(await createIndex(next, schema, { loading: true }))) next = nextCopyName(index, await copiesOf(index));
      let finished = false;
      const ensureOpen = () => {
        if (finished) throw new Error(`Rebuild of "${index}" already finished`);
      };
      return {
        async upsert(docs, options) {
          ensureOpen();
          await writeChanges(next, { upsert: docs }, options?.versionField);
        },
        async delete(ids) {
          ensureOpen();
          await writeChanges(next, { delete: ids });
        },
        async getMany(ids) {
          ensureOpen();
          return getMany(next, schema, ids);
        },
        async commit() {
          ensureOpen();
          finished = true;
          await (await client()).indices.putSettings({ index: next, settings: { refresh_interval: REFRESH_INTERVAL } });
          await (await client()).indices.refresh({ index: next });
          try {
            await (await client()).indices.updateAliases({ actions: aliasSwapActions(index, current, next) });
          } catch (error) {
            // The alias left `current` meanwhile (another rebuild committed first): this copy is outdated.
            await (await client()).indices.delete({ index: next }, { ignore: [404] });
            throw new Error(`Rebuild of "${index}" lost the alias swap: ${index} no longer points at ${current}`, {
              cause: error,
            });
          }
          served.delete(index);
          // Only now, with the alias on the new copy, is the old one unused.
          await (await client()).indices.delete({ index: current }, { ignore: [404] });
        },
        async abort() {
          if (finished) return;
          finished = true;
          await (await client()).indices.delete({ index: next }, { ignore: [404] });
        },
      };
    },

    async dropUnusedCopies(index) {
      const current = await concreteIndex(index);
      return current === null ? [] : dropUnusedCopies(index, current);
    },

    async ping() {
      await (await client()).ping();
    },

    async close() {
      if (loading) await (await loading).close();
    },
  };
}

interface TermsAggregate {
  buckets: Array<{ key: string; doc_count: number; spelling: { buckets: Array<{ key: string; doc_count: number }> } }>;
}
