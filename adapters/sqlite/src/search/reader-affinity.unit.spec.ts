import { describe, expect, it } from 'vitest';
import type { ReadCall } from './reader-protocol.ts';
import { AFFINITY_SLACK, affinityKey, chooseSlot, preferredSlot } from './reader-affinity.ts';

const search = (query: Extract<ReadCall, { method: 'search' }>['query']): ReadCall => ({
  method: 'search',
  index: 'events',
  query,
});

describe('reader affinity', () => {
  it('keys reads by their words, or by the degree of latitude of their centre, and leaves the rest to any thread', () => {
    expect(affinityKey(search({ text: ' Jazz ' }))).toBe(
      affinityKey({ method: 'fragments', index: 'events', query: { text: 'jazz', limit: 5 }, fragment: 'card' }),
    );
    expect(affinityKey(search({ text: 'jazz' }))).not.toBe(affinityKey(search({ text: 'techno' })));
    const near = (lat: number) => search({ near: { field: 'location', lat, lon: 13.4, radiusKm: 25 } });
    expect(affinityKey(near(52.52))).toBe(affinityKey(near(52.9)));
    expect(affinityKey(near(52.52))).not.toBe(affinityKey(near(48.85)));
    expect(affinityKey(search({ filters: [] }))).toBeNull();
    expect(affinityKey(search({ text: '  ' }))).toBeNull();
    expect(affinityKey({ method: 'facets', index: 'events', request: { terms: ['city'] } })).toBeNull();
  });

  it('maps a key to the same slot every time, and spreads keys over the slots', () => {
    expect(preferredSlot('events\u0000text\u0000jazz', 2)).toBe(preferredSlot('events\u0000text\u0000jazz', 2));
    const words = ['jazz', 'festival', 'comedy', 'market', 'summit', 'yoga', 'techno', 'gala', 'workshop', 'night'];
    const slots = new Set(words.map((word) => preferredSlot(`events\u0000text\u0000${word}`, 2)));
    expect(slots).toEqual(new Set([0, 1]));
  });

  it('takes the preferred slot unless it is more than the slack busier than the least busy', () => {
    expect(chooseSlot([0, 0], 1)).toBe(1);
    expect(chooseSlot([0, AFFINITY_SLACK], 1)).toBe(1);
    expect(chooseSlot([0, AFFINITY_SLACK + 1], 1)).toBe(0);
    expect(chooseSlot([3, 1, 2], null)).toBe(1);
  });
});
