import { describe, expect, it } from 'vitest';
import { escapeRegex, toMongoFilter, toMongoSort, type FilterContext } from './mongo-filter.ts';

const ctx: FilterContext = { collection: 'events', containsFields: new Set(['title', 'venue.name']) };

describe('toMongoFilter', () => {
  it('returns an empty filter when there is no condition', () => {
    expect(toMongoFilter(undefined, ctx)).toEqual({});
    expect(toMongoFilter({}, ctx)).toEqual({});
    expect(toMongoFilter({ city: undefined }, ctx)).toEqual({});
  });

  it('turns bare scalars into equality, null included (null matches missing or null in MongoDB)', () => {
    expect(toMongoFilter({ city: 'Lisbon', price: 0, free: true, deleted_at: null }, ctx)).toEqual({
      city: { $eq: 'Lisbon' },
      price: { $eq: 0 },
      free: { $eq: true },
      deleted_at: { $eq: null },
    });
  });

  it('addresses _id when the condition is on id', () => {
    expect(toMongoFilter({ id: 'a1' }, ctx)).toEqual({ _id: { $eq: 'a1' } });
    expect(toMongoFilter({ id: { in: ['a1', 'b2'] } }, ctx)).toEqual({ _id: { $in: ['a1', 'b2'] } });
  });

  it('combines several operators on one field into one clause', () => {
    expect(
      toMongoFilter({ starts_at: { gte: '2026-01-01', lt: '2026-02-01' }, price: { gt: 1, lte: 9 } }, ctx),
    ).toEqual({
      starts_at: { $gte: '2026-01-01', $lt: '2026-02-01' },
      price: { $gt: 1, $lte: 9 },
    });
    expect(toMongoFilter({ status: { eq: 'open', ne: 'closed' } }, ctx)).toEqual({
      status: { $eq: 'open', $ne: 'closed' },
    });
  });

  it('makes contains an escaped, case-insensitive regular expression', () => {
    expect(toMongoFilter({ title: { contains: 'Rock (live) 2.0' } }, ctx)).toEqual({
      title: { $regex: 'Rock \\(live\\) 2\\.0', $options: 'i' },
    });
    expect(toMongoFilter({ 'venue.name': { contains: 'arena' } }, ctx)).toEqual({
      'venue.name': { $regex: 'arena', $options: 'i' },
    });
  });

  it('refuses contains on a field the collection did not declare', () => {
    expect(() => toMongoFilter({ city: { contains: 'lis' } }, ctx)).toThrow(/not declared for events\.city/);
  });

  it('translates or into $or beside the field conditions', () => {
    expect(toMongoFilter({ city: 'Porto', or: [{ category: 'music' }, { price: { lt: 5 } }] }, ctx)).toEqual({
      $and: [{ city: { $eq: 'Porto' } }, { $or: [{ category: { $eq: 'music' } }, { price: { $lt: 5 } }] }],
    });
    expect(toMongoFilter({ or: [{ a: 1 }, { or: [{ b: 2 }, { c: 3 }] }] }, ctx)).toEqual({
      $or: [{ a: { $eq: 1 } }, { $or: [{ b: { $eq: 2 } }, { c: { $eq: 3 } }] }],
    });
  });

  it('makes an empty or match nothing instead of sending an invalid empty $or', () => {
    expect(toMongoFilter({ or: [] }, ctx)).toEqual({ _id: { $in: [] } });
  });

  it('refuses operator injection through field names and values', () => {
    expect(() => toMongoFilter({ $where: 'sleep(1000)' } as never, ctx)).toThrow(/Invalid field name/);
    expect(() => toMongoFilter({ name: { $gt: '' } } as never, ctx)).toThrow(/Unsupported operator "\$gt"/);
    expect(() => toMongoFilter({ name: { eq: { $ne: null } } } as never, ctx)).toThrow(/needs a string, number/);
    expect(() => toMongoFilter({ name: { in: [{ $gt: 1 }] } } as never, ctx)).toThrow(/needs a string, number/);
    expect(() => toMongoFilter({ price: { gt: true } } as never, ctx)).toThrow(/needs a string or a number/);
  });

  it('refuses a list on a field other than or', () => {
    expect(() => toMongoFilter({ tags: [{ a: 1 }] }, ctx)).toThrow(/only "or" takes alternatives/);
  });
});

describe('toMongoSort', () => {
  it('always ends with _id ascending as the tie-breaker', () => {
    expect(toMongoSort(undefined)).toEqual([['_id', 1]]);
    expect(
      toMongoSort([
        { field: 'starts_at', direction: 'asc' },
        { field: 'score', direction: 'desc' },
      ]),
    ).toEqual([
      ['starts_at', 1],
      ['score', -1],
      ['_id', 1],
    ]);
  });

  it('keeps an explicit id sort instead of adding a second one', () => {
    expect(toMongoSort([{ field: 'id', direction: 'desc' }])).toEqual([['_id', -1]]);
  });
});

describe('escapeRegex', () => {
  it('makes every regular-expression metacharacter literal', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q';
    expect(new RegExp(escapeRegex(text)).test(text)).toBe(true);
    expect(new RegExp(`^${escapeRegex('a.c')}$`).test('abc')).toBe(false);
  });
});
