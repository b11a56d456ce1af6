import { describe, expect, it } from 'vitest';
import { indexDefinitions } from './collection-schema.ts';

describe('indexDefinitions', () => {
  it('builds unique and secondary expression indexes named after their fields', () => {
    const definitions = indexDefinitions({
      name: 'events',
      unique: [['source', 'external_id']],
      indexes: [['venue.city'], ['starts_at']],
    });
    expect(definitions.map(({ name, unique, fields }) => ({ name, unique, fields }))).toEqual([
      { name: 'ix_events__u__source__external_id', unique: true, fields: ['source', 'external_id'] },
      { name: 'ix_events__i__venue.city', unique: false, fields: ['venue.city'] },
      { name: 'ix_events__i__starts_at', unique: false, fields: ['starts_at'] },
    ]);
    expect(definitions[0]?.sql).toBe(
      `CREATE UNIQUE INDEX IF NOT EXISTS "ix_events__u__source__external_id" ON "doc_events" (json_extract(body, '$.source'), json_extract(body, '$.external_id'))`,
    );
  });

  it('rejects bad collection names, bad field names and empty indexes', () => {
    expect(() => indexDefinitions({ name: 'bad"name', indexes: [['a']] })).toThrow(/collection name/);
    expect(() => indexDefinitions({ name: 'events', indexes: [['a b']] })).toThrow(/field name/);
    expect(() => indexDefinitions({ name: 'events', indexes: [[]] })).toThrow(/at least one field/);
  });
});
