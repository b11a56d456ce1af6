/**
 * The JavaScript prefilter of changed rows (`rowPretest`) must keep every row SQL's conditions keep: a missing
 * value fails a range as NULL does in SQL (not as 0), bounds are inclusive as the SQL's, a map box across the
 * date line holds both sides, and keyword values are folded as they are bound.
 */
import { describe, expect, it } from 'vitest';
import { contractSchema } from '@evently/platform/testing';
import { layoutFor } from './index-layout.ts';
import { rowPretest } from './search-sql.ts';

const layout = layoutFor(contractSchema('events'), 1);
const day = Date.UTC(2031, 4, 1);
const row = (values: { city?: string; price?: number | null; date?: number; lat?: number; lon?: number }) => ({
  kl_city: values.city ?? null,
  n_price: values.price ?? null,
  d_date: values.date ?? null,
  g_location_lat: values.lat ?? null,
  g_location_lon: values.lon ?? null,
});

describe('the prefilter of changed rows', () => {
  it('keeps what SQL keeps of ranges: bounds inclusive as asked, a missing value never', () => {
    const test = rowPretest(layout, {
      filters: [
        { field: 'price', op: 'range', gte: 10, lt: 80 },
        { field: 'date', op: 'range', gte: new Date(day).toISOString() },
      ],
    })!;
    expect(test(row({ price: 10, date: day }))).toBe(true);
    expect(test(row({ price: 79.99, date: day + 1 }))).toBe(true);
    expect(test(row({ price: 80, date: day }))).toBe(false);
    expect(test(row({ price: 9.99, date: day }))).toBe(false);
    expect(test(row({ price: 20, date: day - 1 }))).toBe(false);
    expect(test(row({ price: null, date: day }))).toBe(false);
    // A range whose bounds all admit 0 still refuses a missing value, as SQL's NULL does.
    expect(rowPretest(layout, { filters: [{ field: 'price', op: 'range', gte: -5 }] })!(row({}))).toBe(false);
  });

  it('keeps a map box across the date line on both sides, and nothing without a place', () => {
    const test = rowPretest(layout, { bounds: { field: 'location', south: -20, north: -10, west: 170, east: -170 } })!;
    expect(test(row({ lat: -15, lon: 175 }))).toBe(true);
    expect(test(row({ lat: -15, lon: -175 }))).toBe(true);
    expect(test(row({ lat: -10, lon: 170 }))).toBe(true);
    expect(test(row({ lat: -15, lon: 0 }))).toBe(false);
    expect(test(row({ lat: -9.9, lon: 175 }))).toBe(false);
    expect(test(row({}))).toBe(false);
  });

  it('folds keyword values as they are bound, and has nothing to test without these conditions', () => {
    expect(
      rowPretest(layout, { filters: [{ field: 'city', op: 'eq', value: 'LISBON' }] })!(row({ city: 'lisbon' })),
    ).toBe(true);
    expect(
      rowPretest(layout, { filters: [{ field: 'city', op: 'in', values: ['Porto'] }] })!(row({ city: 'lisbon' })),
    ).toBe(false);
    expect(rowPretest(layout, { filters: [{ field: 'category', op: 'exists', exists: true }] })).toBeNull();
  });
});
