import { describe, expect, it } from 'vitest';
import { makeStoredEvent } from '../testing/make-event.ts';
import { similarityReasons } from './similarity.ts';

describe('similarity reasons', () => {
  const base = makeStoredEvent();

  it('given an event sharing everything, then every reason is listed', () => {
    const other = makeStoredEvent({ id: '2', start_utc: '2026-12-07T19:00:00.000Z', tags: ['Jazz', 'blues'] });
    expect(similarityReasons(base, other)).toEqual([
      'Same category',
      'Nearby',
      'Same week',
      'Same venue',
      'Shared tags: Jazz',
    ]);
  });

  it('given an event elsewhere, later, in another category, then there is no reason', () => {
    const other = makeStoredEvent({
      id: '3',
      category: 'Technology',
      latitude: 48.85,
      longitude: 2.35,
      city: 'Paris',
      venue_name: 'Other Hall',
      start_utc: '2027-02-01T19:00:00.000Z',
      tags: ['ai'],
    });
    expect(similarityReasons(base, other)).toEqual([]);
  });

  it('given events without coordinates in the same city, then they are nearby', () => {
    const a = makeStoredEvent({ latitude: null, longitude: null });
    const b = makeStoredEvent({
      id: '4',
      latitude: null,
      longitude: null,
      city: 'madrid',
      category: 'Other',
      venue_name: null,
      tags: [],
      start_utc: '2027-01-01T00:00:00Z',
    });
    expect(similarityReasons(a, b)).toEqual(['Nearby']);
  });
});
