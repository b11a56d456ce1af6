import { describe, expect, it } from 'vitest';
import type { IndexSchema } from './search-index.port.ts';
import { schemaFingerprint } from './schema-fingerprint.ts';
import {
  emptyFacets,
  facetsForServedSchema,
  pendingFields,
  queryForServedSchema,
  schemaFromFingerprint,
} from './served-schema.ts';

const served: IndexSchema = {
  name: 'events',
  fields: { name: { type: 'text', sortable: true }, price: { type: 'number' } },
  fragments: { pin: 1 },
};
const wanted: IndexSchema = {
  ...served,
  fields: { ...served.fields, rank: { type: 'number' }, organizer: { type: 'keyword' } },
  views: { card: ['name'] },
};

describe('reading with the schema the serving copy was built with', () => {
  it('finds the fields only the newer schema names', () => {
    expect([...pendingFields(served, wanted)].sort()).toEqual(['organizer', 'rank']);
    expect(pendingFields(served, undefined).size).toBe(0);
    expect(pendingFields(served, served).size).toBe(0);
  });

  it('drops sorts on pending fields, keeps the rest of the order, and leaves unknown fields to fail as before', () => {
    const pending = pendingFields(served, wanted);
    const { query, matchesNothing } = queryForServedSchema(
      {
        sort: [
          { by: 'field', field: 'rank', direction: 'desc' },
          { by: 'field', field: 'price', direction: 'asc' },
          { by: 'field', field: 'typo', direction: 'asc' },
        ],
      },
      pending,
    );
    expect(matchesNothing).toBe(false);
    expect(query.sort).toEqual([
      { by: 'field', field: 'price', direction: 'asc' },
      { by: 'field', field: 'typo', direction: 'asc' },
    ]);
  });

  it('a filter on a pending field matches nothing, except exists: false, which matches everything', () => {
    const pending = pendingFields(served, wanted);
    expect(
      queryForServedSchema({ filters: [{ field: 'organizer', op: 'eq', value: 'x' }] }, pending).matchesNothing,
    ).toBe(true);
    expect(
      queryForServedSchema({ filters: [{ field: 'rank', op: 'exists', exists: true }] }, pending).matchesNothing,
    ).toBe(true);
    const absent = queryForServedSchema(
      {
        filters: [
          { field: 'rank', op: 'exists', exists: false },
          { field: 'price', op: 'range', gte: 1 },
        ],
      },
      pending,
    );
    expect(absent).toEqual({ query: { filters: [{ field: 'price', op: 'range', gte: 1 }] }, matchesNothing: false });
  });

  it('facets on pending fields are empty; the others are asked for', () => {
    const pending = pendingFields(served, wanted);
    expect(facetsForServedSchema({ terms: ['organizer', 'name'], stats: ['rank', 'price'] }, pending)).toEqual({
      request: { terms: ['name'], stats: ['price'] },
      emptyTerms: ['organizer'],
      emptyStats: ['rank'],
      matchesNothing: false,
    });
    expect(emptyFacets({ terms: ['a'], stats: ['b'] })).toEqual({
      terms: { a: [] },
      stats: { b: { min: null, max: null } },
    });
  });

  it('reads the served schema back from the fingerprint a copy stores, keeping the wanted views', () => {
    expect(schemaFromFingerprint(schemaFingerprint(served), wanted)).toEqual({ ...served, views: wanted.views });
    expect(schemaFromFingerprint(undefined, wanted)).toBe(wanted);
    expect(schemaFromFingerprint('not json', wanted)).toBe(wanted);
  });
});
