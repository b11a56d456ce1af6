/**
 * What an index records as "the schema it was built with". Besides the schema it names the text analysis
 * (tokenising, folding, stemming), so a change of analysis that existing documents were not indexed with
 * (e.g. keywords folded without diacritics since version 2) makes `init` report `created: true` and the caller
 * rebuild blue/green, exactly as for a changed schema, instead of leaving old rows unreachable by new queries.
 */
import type { IndexSchema } from './search-index.port.ts';

/** 1: case folding only. 2: keywords fold diacritics too; English stemming (Elasticsearch `.stem` fields). */
export const ANALYSIS_VERSION = 2;

export function schemaFingerprint(schema: IndexSchema): string {
  return JSON.stringify({ name: schema.name, fields: schema.fields, analysis: ANALYSIS_VERSION });
}
