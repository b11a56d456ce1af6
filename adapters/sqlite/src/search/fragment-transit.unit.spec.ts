import { describe, expect, it } from 'vitest';
import type { FragmentPage } from '@evently/platform';
import { packFragmentPage, unpackFragmentPage } from './fragment-transit.ts';

/** Through a structured clone, as a reply crosses from a reader thread. */
const acrossThreads = (page: FragmentPage): FragmentPage => unpackFragmentPage(structuredClone(packFragmentPage(page)));

describe('a page of fragments crossing threads as one string', () => {
  it('gives back every hit, its fragment and the page around them', () => {
    const page: FragmentPage = {
      total: 41,
      nextCursor: 'c3',
      hits: [
        { id: '7', fragment: '{"id":7,"name":"Fado"}' },
        { id: 'x-2', fragment: '' },
        { id: '9', fragment: null },
        { id: '12', fragment: '{"id":12,"name":"Jazz à Lisboa, 🎷"}' },
        { id: '13', fragment: null },
      ],
    };
    expect(acrossThreads(page)).toEqual(page);
  });

  it('keeps each hit its distance, zero included', () => {
    const page: FragmentPage = {
      total: 2,
      nextCursor: null,
      hits: [
        { id: '1', fragment: '{"id":1}', distanceKm: 0 },
        { id: '2', fragment: null, distanceKm: 12.345678901234 },
      ],
    };
    expect(acrossThreads(page)).toEqual(page);
  });

  it('an empty page stays empty', () => {
    expect(acrossThreads({ total: 0, hits: [], nextCursor: null })).toEqual({ total: 0, hits: [], nextCursor: null });
  });

  it('refuses a page where only some hits have a distance, which it could not give back', () => {
    expect(() =>
      packFragmentPage({
        total: 2,
        nextCursor: null,
        hits: [
          { id: '1', fragment: 'a', distanceKm: 1 },
          { id: '2', fragment: 'b' },
        ],
      }),
    ).toThrow(/every hit a distance or none/);
  });
});
