import { describe, expect, it } from 'vitest';
import { contractSchema } from '@evently/platform/testing';
import { schemaFingerprint } from '@evently/platform/adapter-kit';
import {
  comparableName,
  indexMappings,
  indexSettings,
  searchableFields,
  stemmedFields,
  versionOf,
  versionedName,
} from './es-mapping.ts';

describe('Elasticsearch mapping from an IndexSchema', () => {
  const schema = contractSchema('events');

  it('maps every field type, with the tie-break fields and the schema (with its analysis version) in _meta', () => {
    expect(indexMappings(schema)).toEqual({
      dynamic: false,
      _source: { excludes: ['search_id_num'] },
      _meta: { schema: schemaFingerprint(schema) },
      properties: {
        id: { type: 'keyword' },
        search_id_num: { type: 'long' },
        name: {
          type: 'text',
          analyzer: 'folded_text',
          fields: {
            stem: { type: 'text', analyzer: 'english_stemmed' },
            sort: { type: 'keyword', normalizer: 'lowercase_keyword', ignore_above: 1024 },
          },
        },
        description: {
          type: 'text',
          analyzer: 'folded_text',
          fields: { stem: { type: 'text', analyzer: 'english_stemmed' } },
        },
        tags: {
          type: 'text',
          analyzer: 'folded_text',
          fields: { stem: { type: 'text', analyzer: 'english_stemmed' } },
        },
        city: {
          type: 'keyword',
          normalizer: 'lowercase_keyword',
          fields: { raw: { type: 'keyword' }, text: { type: 'text', analyzer: 'folded_text' } },
        },
        country: { type: 'keyword', normalizer: 'lowercase_keyword', fields: { raw: { type: 'keyword' } } },
        category: { type: 'keyword', normalizer: 'lowercase_keyword', fields: { raw: { type: 'keyword' } } },
        price: { type: 'double', coerce: false, ignore_malformed: true },
        popularity: { type: 'double', coerce: false, ignore_malformed: true },
        date: { type: 'date', format: 'strict_date_optional_time||epoch_millis', ignore_malformed: true },
        location: { type: 'geo_point', ignore_malformed: true },
      },
    });
  });

  it('refuses reserved and unsafe field names', () => {
    expect(() => indexMappings({ name: 'x', fields: { id: { type: 'keyword' } } })).toThrow(/reserved/);
    expect(() => indexMappings({ name: 'x', fields: { search_id_num: { type: 'number' } } })).toThrow(/reserved/);
    expect(() => indexMappings({ name: 'x', fields: { 'a.b': { type: 'keyword' } } })).toThrow(/letters, digits/);
  });

  it('settings: one shard, offset paging to a million, folding and English stemming analyzers, a folding normalizer', () => {
    expect(indexSettings()).toEqual({
      number_of_shards: 1,
      max_result_window: 10_000,
      analysis: {
        analyzer: {
          folded_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
          english_stemmed: {
            type: 'custom',
            tokenizer: 'standard',
            filter: ['english_possessive', 'lowercase', 'asciifolding', 'english_porter'],
          },
        },
        filter: {
          english_possessive: { type: 'stemmer', language: 'possessive_english' },
          english_porter: { type: 'stemmer', language: 'porter' },
        },
        normalizer: { lowercase_keyword: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
      },
    });
  });

  it('names versioned indices behind the alias and reads the version back', () => {
    expect(versionedName('events', 3)).toBe('events_v3');
    expect(versionOf('events', 'events_v12')).toBe(12);
    expect(() => versionOf('events', 'events')).toThrow(/not named events_v<N>/);
    expect(() => versionOf('events', 'other_v1')).toThrow();
  });

  it('sorts and filters keyword/number/date fields directly and sortable text by its sort key', () => {
    expect(comparableName(schema, 'city')).toBe('city');
    expect(comparableName(schema, 'price')).toBe('price');
    expect(comparableName(schema, 'date')).toBe('date');
    expect(comparableName(schema, 'name')).toBe('name.sort');
    expect(() => comparableName(schema, 'description')).toThrow(/not filtered or sorted/);
    expect(() => comparableName(schema, 'location')).toThrow(/near\/bounds/);
    expect(() => comparableName(schema, 'nope')).toThrow(/Unknown field/);
  });

  it('searches text fields and searchable keywords with their boosts', () => {
    expect(searchableFields(schema)).toEqual(['name^4', 'description^1', 'tags^1', 'city.text^2']);
    expect(stemmedFields(schema)).toEqual(['name.stem^4', 'description.stem^1', 'tags.stem^1']);
  });
});
