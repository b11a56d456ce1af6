import { describe, expect, it } from 'vitest';
import { UNIQUE_VALUE_TYPES, collectionIndexes, outboxIndexes } from './mongo-indexes.ts';

describe('collectionIndexes', () => {
  it('creates a named secondary index per declared field set, in field order', () => {
    const indexes = collectionIndexes({ name: 'events', indexes: [['city', 'starts_at'], ['status']] });
    expect(indexes).toEqual([
      { key: { city: 1, starts_at: 1 }, name: 'idx_city_starts_at' },
      { key: { status: 1 }, name: 'idx_status' },
    ]);
    expect(Object.keys(indexes[0]!.key)).toEqual(['city', 'starts_at']);
  });

  it('makes unique constraints partial, so missing or null values never collide', () => {
    expect(collectionIndexes({ name: 'events', unique: [['source', 'external_id']] })).toEqual([
      {
        key: { source: 1, external_id: 1 },
        name: 'uniq_source_external_id',
        unique: true,
        partialFilterExpression: {
          source: { $type: [...UNIQUE_VALUE_TYPES] },
          external_id: { $type: [...UNIQUE_VALUE_TYPES] },
        },
      },
    ]);
    expect(UNIQUE_VALUE_TYPES).not.toContain('null');
  });

  it('maps id to _id and skips indexes the primary key already provides', () => {
    expect(collectionIndexes({ name: 'x', unique: [['id']], indexes: [['id'], ['id', 'kind']] })).toEqual([
      { key: { _id: 1, kind: 1 }, name: 'idx__id_kind' },
    ]);
  });

  it('does not add a second index on the key pattern of a unique constraint', () => {
    expect(
      collectionIndexes({ name: 'x', unique: [['slug']], indexes: [['slug']] }).map((index) => index.name),
    ).toEqual(['uniq_slug']);
  });

  it('refuses empty and unsafe field lists', () => {
    expect(() => collectionIndexes({ name: 'x', indexes: [[]] })).toThrow(/at least one field/);
    expect(() => collectionIndexes({ name: 'x', indexes: [['$where']] })).toThrow(/Invalid field name/);
  });
});

describe('outboxIndexes', () => {
  it('serves pending() in _id order, its pull-in by key, and expires relayed records', () => {
    const [pending, byKey, ttl] = outboxIndexes();
    expect(pending).toEqual({ key: { relayed: 1, _id: 1 }, name: 'idx_relayed_seq' });
    expect(byKey).toEqual({ key: { relayed: 1, key: 1 }, name: 'idx_relayed_key' });
    expect(ttl?.key).toEqual({ relayed_at: 1 });
    expect(ttl?.expireAfterSeconds).toBeGreaterThan(0);
  });
});
