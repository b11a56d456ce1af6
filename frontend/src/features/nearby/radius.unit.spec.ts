import { describe, expect, it } from 'vitest';
import { clampRadius } from './radius.ts';

describe('search radius', () => {
  it.each([
    [0, 1],
    [-20, 1],
    [1, 1],
    [25, 25],
    [100, 100],
    [250, 100],
    ['40', 40],
    [12.6, 13],
  ])('clamps %j to %j km', (input, expected) => {
    expect(clampRadius(input)).toBe(expected);
  });

  it.each(['', 'abc', null, undefined, Number.NaN])('uses the default 25 km for %j', (input) => {
    expect(clampRadius(input)).toBe(25);
  });
});
