/**
 * What an index records as "the schema it was built with". Besides the schema it names the text analysis
 * (tokenising, folding, stemming), so a change of analysis that existing documents were not indexed with
 * (e.g. keywords folded without diacritics since version 2) makes `init` report `created: true` and the caller
 * rebuild blue/green, exactly as for a changed schema, instead of leaving old rows unreachable by new queries.
 */
import type { IndexSchema } from './search-index.port.ts';

/** 1: case folding only. 2: keywords fold diacritics too; English stemming (Elasticsearch `.stem` fields). */
export const ANALYSIS_VERSION = 2;

/**
 * Answer fragments (with their rendering versions) count on both engines: each keeps them per document, so a new
 * or re-rendered fragment is a rebuild. A schema without fragments keeps the fingerprint it had before them.
 */
export function schemaFingerprint(schema: IndexSchema): string {
  return JSON.stringify({
    name: schema.name,
    fields: schema.fields,
    analysis: ANALYSIS_VERSION,
    ...fragmentsOf(schema),
  });
}

const fragmentsOf = (schema: IndexSchema): Pick<IndexSchema, 'fragments'> =>
  schema.fragments !== undefined && Object.keys(schema.fragments).length > 0 ? { fragments: schema.fragments } : {};

/**
 * The embedded engine's fingerprint: the same, plus the schema's `views` when it has some (each is a stored
 * column there, so a changed list is a rebuild; Elasticsearch stores nothing for them). A schema without views
 * keeps the fingerprint it had before views existed, so its indexes are not rebuilt for nothing. The embedded
 * engine reads its live layout back from this text, views included.
 */
export function storedSchemaFingerprint(schema: IndexSchema): string {
  if (schema.views === undefined || Object.keys(schema.views).length === 0) return schemaFingerprint(schema);
  return JSON.stringify({
    name: schema.name,
    fields: schema.fields,
    analysis: ANALYSIS_VERSION,
    views: schema.views,
    ...fragmentsOf(schema),
  });
}
