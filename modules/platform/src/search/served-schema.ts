/**
 * Between a schema change and the swap of the copy rebuilt with it, the serving copy still has the schema it
 * was built with, and readers query it with that schema. A field only the newer schema names is not indexed
 * there, so it reads as missing from every document: a sort on it leaves the order to the clauses after it
 * and the id tie-break, a filter on it matches nothing (`exists: false` matches everything), a facet on it
 * is empty. A field neither schema names is still the caller's mistake and fails as before.
 */
import type { FacetRequest, FacetResult, FilterClause, IndexSchema, SearchQuery } from './search-index.port.ts';

/** Fields the wanted schema names and the served one does not. */
export function pendingFields(served: IndexSchema, wanted: IndexSchema | undefined): ReadonlySet<string> {
  if (!wanted || wanted === served) return new Set();
  return new Set(Object.keys(wanted.fields).filter((field) => !(field in served.fields)));
}

type Conditions = Pick<SearchQuery, 'filters' | 'sort' | 'near' | 'bounds'>;

/** The query the serving copy can answer, or `matchesNothing` when a condition on a pending field excludes all. */
export function queryForServedSchema<Q extends Conditions>(
  query: Q,
  pending: ReadonlySet<string>,
): { query: Q; matchesNothing: boolean } {
  if (pending.size === 0) return { query, matchesNothing: false };
  const excludesAll = (clause: FilterClause) =>
    pending.has(clause.field) && !(clause.op === 'exists' && !clause.exists);
  const filters = query.filters ?? [];
  if (
    filters.some(excludesAll) ||
    (query.near && pending.has(query.near.field)) ||
    (query.bounds && pending.has(query.bounds.field))
  ) {
    return { query, matchesNothing: true };
  }
  const kept: Q = { ...query };
  if (query.filters) kept.filters = filters.filter((clause) => !pending.has(clause.field));
  if (query.sort) kept.sort = query.sort.filter((clause) => clause.by !== 'field' || !pending.has(clause.field));
  return { query: kept, matchesNothing: false };
}

/** The facets the serving copy can count, and the pending fields whose facets are empty. */
export function facetsForServedSchema(
  request: FacetRequest,
  pending: ReadonlySet<string>,
): { request: FacetRequest; emptyTerms: string[]; emptyStats: string[]; matchesNothing: boolean } {
  if (pending.size === 0) return { request, emptyTerms: [], emptyStats: [], matchesNothing: false };
  const { query, matchesNothing } = queryForServedSchema({ filters: request.filters }, pending);
  return {
    request: {
      ...request,
      ...(request.filters ? { filters: query.filters } : {}),
      ...(request.terms ? { terms: request.terms.filter((field) => !pending.has(field)) } : {}),
      ...(request.stats ? { stats: request.stats.filter((field) => !pending.has(field)) } : {}),
    },
    emptyTerms: (request.terms ?? []).filter((field) => pending.has(field)),
    emptyStats: (request.stats ?? []).filter((field) => pending.has(field)),
    matchesNothing,
  };
}

/**
 * The schema a copy was built with, from the fingerprint it stores (schema-fingerprint.ts); `wanted` when the
 * text does not name fields (a copy from before fingerprints named them).
 */
export function schemaFromFingerprint(text: unknown, wanted: IndexSchema): IndexSchema {
  if (typeof text !== 'string') return wanted;
  try {
    const parsed = JSON.parse(text) as Partial<IndexSchema>;
    if (!parsed.fields || typeof parsed.fields !== 'object') return wanted;
    return {
      name: wanted.name,
      fields: parsed.fields,
      ...(parsed.fragments ? { fragments: parsed.fragments } : {}),
      ...(wanted.views ? { views: wanted.views } : {}),
    };
  } catch {
    return wanted;
  }
}

/** Facets of no document: every asked field empty. */
export function emptyFacets(request: FacetRequest): FacetResult {
  const result: FacetResult = { terms: {}, stats: {} };
  for (const field of request.terms ?? []) result.terms[field] = [];
  for (const field of request.stats ?? []) result.stats[field] = { min: null, max: null };
  return result;
}
