import { describe, expect, it } from 'vitest';
import { compileLimit, compileOrderBy, compileWhere } from './sql-where.ts';

const context = { collection: 'events', containsFields: new Set(['title']) };

describe('compileWhere', () => {
  it('reads body fields with the exact json_extract expression the indexes use', () => {
    expect(compileWhere({ city: 'Berlin' }, context)).toEqual({
      sql: "(json_extract(body, '$.city') = ?)",
      params: ['Berlin'],
    });
  });

  it('uses metadata columns directly', () => {
    expect(compileWhere({ id: 'e1', version: { gte: 2 } }, context)).toEqual({
      sql: '(id = ?) AND (version >= ?)',
      params: ['e1', 2],
    });
  });

  it('binds booleans as 1 and 0', () => {
    expect(compileWhere({ free: true, sold_out: false }, context).params).toEqual([1, 0]);
  });

  it('treats null as missing, and ne as matching missing fields', () => {
    expect(compileWhere({ city: null }, context).sql).toBe("(json_extract(body, '$.city') IS NULL)");
    expect(compileWhere({ city: { ne: 'Paris' } }, context).sql).toBe(
      "((json_extract(body, '$.city') IS NULL OR json_extract(body, '$.city') <> ?))",
    );
  });

  it('brackets ranges by type so a number range never matches text', () => {
    expect(compileWhere({ price: { gt: 10 } }, context).sql).toBe(
      "((json_type(body, '$.price') IN ('integer', 'real') AND json_extract(body, '$.price') > ?))",
    );
    expect(compileWhere({ starts_at: { lt: '2025-01-01' } }, context).sql).toContain(
      "json_type(body, '$.starts_at') = 'text'",
    );
  });

  it('compiles in, with null meaning missing and an empty list matching nothing', () => {
    expect(compileWhere({ city: { in: ['A', null] } }, context)).toEqual({
      sql: "((json_extract(body, '$.city') IN (?) OR json_extract(body, '$.city') IS NULL))",
      params: ['A'],
    });
    expect(compileWhere({ city: { in: [] } }, context).sql).toBe('(0)');
  });

  it('allows contains only on declared fields', () => {
    expect(compileWhere({ title: { contains: 'Jazz' } }, context).sql).toBe(
      "(evently_contains(json_extract(body, '$.title'), ?))",
    );
    expect(() => compileWhere({ city: { contains: 'ber' } }, context)).toThrow(/containsFields/);
  });

  it('nests or alternatives and keeps parameters in order', () => {
    expect(compileWhere({ free: true, or: [{ city: 'A' }, { price: { lt: 5 } }] }, context)).toEqual({
      sql: "(json_extract(body, '$.free') = ?) AND (((json_extract(body, '$.city') = ?) OR ((json_type(body, '$.price') IN ('integer', 'real') AND json_extract(body, '$.price') < ?))))",
      params: [1, 'A', 5],
    });
  });

  it('rejects unknown operators and field names that could inject SQL', () => {
    expect(() => compileWhere({ city: { like: 'x' } as never }, context)).toThrow(/unknown operator/);
    expect(() => compileWhere({ "city') OR 1=1 --": 'x' }, context)).toThrow(/invalid field name/);
  });

  it('matches everything without conditions', () => {
    expect(compileWhere(undefined, context)).toEqual({ sql: '1', params: [] });
    expect(compileWhere({}, context)).toEqual({ sql: '1', params: [] });
  });
});

describe('compileOrderBy and compileLimit', () => {
  it('appends id as the final tie-breaker unless already sorted by id', () => {
    expect(compileOrderBy([{ field: 'starts_at', direction: 'desc' }])).toBe(
      "json_extract(body, '$.starts_at') DESC, id ASC",
    );
    expect(compileOrderBy([{ field: 'id', direction: 'desc' }])).toBe('id DESC');
    expect(compileOrderBy(undefined)).toBe('id ASC');
  });

  it('pages with LIMIT/OFFSET, skip alone meaning no limit', () => {
    expect(compileLimit(undefined, undefined)).toEqual({ sql: '', params: [] });
    expect(compileLimit(20, 10)).toEqual({ sql: ' LIMIT ? OFFSET ?', params: [10, 20] });
    expect(compileLimit(5, undefined)).toEqual({ sql: ' LIMIT ? OFFSET ?', params: [-1, 5] });
    expect(() => compileLimit(-1, 10)).toThrow(/skip/);
    expect(() => compileLimit(0, 1.5)).toThrow(/limit/);
  });
});
