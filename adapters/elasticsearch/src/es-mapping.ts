/**
 * Index settings and mapping generated from an IndexSchema. Naming inside the Elasticsearch index:
 * - keyword `f`: keyword with a lowercase normalizer (filters, sort, facet grouping are case-insensitive),
 *   `f.raw` keeps the spelling for facet labels, `f.text` (when searchable) is analysed text;
 * - text `f`: analysed text (standard tokenizer + lowercase + asciifolding, like FTS5 unicode61 with
 *   remove_diacritics), `f.stem` the same text stemmed (English: possessives, Porter), so plurals and word
 *   forms match; `f.sort` (when sortable) a lowercase-normalized keyword;
 * - keywords are normalized with lowercase + asciifolding, so "Sao Paulo" and "São Paulo" are one value;
 * - number: double, date: date (ISO or epoch ms), geo: geo_point, all with malformed values ignored (they
 *   count as missing, as on SQLite) instead of failing the bulk request;
 * - `id` keyword and `search_id_num` long for the tie-break; `search_id_num` is indexed but kept out of
 *   `_source`, so documents come back exactly as they were given.
 */
import type { estypes } from '@elastic/elasticsearch';
import { type FieldSpec, type IndexSchema, MAX_RESULT_WINDOW } from '@evently/platform';
import { assertPlainName, schemaFingerprint } from '@evently/platform/adapter-kit';

export const ID_FIELD = 'id';
export const ID_NUM_FIELD = 'search_id_num';
export const TEXT_ANALYZER = 'folded_text';
/**
 * English stemming without stop words: the `english` analyzer drops words like "the", which would make a query
 * match where the embedded engine (every word must match) does not.
 */
export const STEM_ANALYZER = 'english_stemmed';
export const KEYWORD_NORMALIZER = 'lowercase_keyword';
/** Longer keyword values are not indexed for sorting (Lucene terms are limited to 32 KB). */
const SORT_KEY_IGNORE_ABOVE = 1024;

function propertyFor(spec: FieldSpec): estypes.MappingProperty {
  switch (spec.type) {
    case 'text':
      return {
        type: 'text',
        analyzer: TEXT_ANALYZER,
        fields: {
          stem: { type: 'text', analyzer: STEM_ANALYZER },
          ...(spec.sortable
            ? { sort: { type: 'keyword', normalizer: KEYWORD_NORMALIZER, ignore_above: SORT_KEY_IGNORE_ABOVE } }
            : {}),
        },
      };
    case 'keyword':
      return {
        type: 'keyword',
        normalizer: KEYWORD_NORMALIZER,
        fields: {
          raw: { type: 'keyword' },
          ...(spec.searchable ? { text: { type: 'text', analyzer: TEXT_ANALYZER } } : {}),
        },
      };
    case 'number':
      return { type: 'double', coerce: false, ignore_malformed: true };
    case 'date':
      return { type: 'date', format: 'strict_date_optional_time||epoch_millis', ignore_malformed: true };
    case 'geo':
      return { type: 'geo_point', ignore_malformed: true };
  }
}

export function indexMappings(schema: IndexSchema): estypes.MappingTypeMapping {
  const properties: Record<string, estypes.MappingProperty> = {
    [ID_FIELD]: { type: 'keyword' },
    [ID_NUM_FIELD]: { type: 'long' },
  };
  for (const [field, spec] of Object.entries(schema.fields)) {
    assertPlainName('Field', field);
    if (field === ID_FIELD || field === ID_NUM_FIELD) throw new Error(`"${field}" is reserved in a search schema`);
    properties[field] = propertyFor(spec);
  }
  return {
    // Fields outside the schema are stored in _source only, never indexed (the port's promise).
    dynamic: false,
    _source: { excludes: [ID_NUM_FIELD] },
    _meta: { schema: schemaFingerprint(schema) },
    properties,
  };
}

export function indexSettings(): estypes.IndicesIndexSettings {
  return {
    // One shard keeps terms-aggregation counts exact and relevance statistics global; a catalogue of a
    // few million events fits one shard comfortably.
    number_of_shards: 1,
    // Deeper pages are refused by the adapter (same bound on SQLite) and loaders walk with search_after.
    max_result_window: MAX_RESULT_WINDOW,
    analysis: {
      analyzer: {
        [TEXT_ANALYZER]: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
        [STEM_ANALYZER]: {
          type: 'custom',
          tokenizer: 'standard',
          filter: ['english_possessive', 'lowercase', 'asciifolding', 'english_porter'],
        },
      },
      filter: {
        english_possessive: { type: 'stemmer', language: 'possessive_english' },
        english_porter: { type: 'stemmer', language: 'porter' },
      },
      normalizer: { [KEYWORD_NORMALIZER]: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
    },
  };
}

/** Concrete index names behind the alias: `<alias>_v<N>`. */
export const versionedName = (alias: string, version: number): string => `${alias}_v${version}`;

export function versionOf(alias: string, concrete: string): number {
  const match = new RegExp(`^${alias}_v(\\d+)$`).exec(concrete);
  if (!match) throw new Error(`Index ${concrete} behind alias ${alias} is not named ${alias}_v<N>`);
  return Number(match[1]);
}

/** The name to sort or filter on for a field (keyword/number/date: the field; sortable text: its `sort` key). */
export function comparableName(schema: IndexSchema, field: string): string {
  const spec = schema.fields[field];
  if (!spec) throw new Error(`Unknown field "${field}" in index ${schema.name}`);
  if (spec.type === 'text') {
    if (spec.sortable) return `${field}.sort`;
    throw new Error(`Text field "${field}" can be searched but not filtered or sorted`);
  }
  if (spec.type === 'geo') throw new Error(`Geo field "${field}" is filtered with near/bounds`);
  return field;
}

/** The stemmed copies of the text fields, with boosts (`name.stem^3`); keywords (places) are not stemmed. */
export function stemmedFields(schema: IndexSchema): string[] {
  return Object.entries(schema.fields).flatMap(([field, spec]) =>
    spec.type === 'text' ? [`${field}.stem^${spec.boost ?? 1}`] : [],
  );
}

/** Fields a free-text query searches, with boosts (`name^4`, `city.text^2`). */
export function searchableFields(schema: IndexSchema): string[] {
  const fields: string[] = [];
  for (const [field, spec] of Object.entries(schema.fields)) {
    if (spec.type === 'text') fields.push(`${field}^${spec.boost ?? 1}`);
    if (spec.type === 'keyword' && spec.searchable) fields.push(`${field}.text^${spec.boost ?? 1}`);
  }
  return fields;
}
