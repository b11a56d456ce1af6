import { describe, expect, it } from 'vitest';
import { makeFeverPlan } from '../../testing/feed-fixtures.ts';
import { normalizeFeverPlan } from './normalize-fever.ts';

describe('normalizeFeverPlan', () => {
  it('gives one event per session with the plan details', () => {
    const outcomes = normalizeFeverPlan(
      makeFeverPlan({
        sessions: [
          {
            id: 'a',
            starts_at: '2027-02-10T20:00:00+01:00',
            ends_at: '2027-02-10T21:15:00+01:00',
            share_url: 'https://feverup.com/m/1?session=a',
          },
          { id: 'b', starts_at: '2027-02-11T22:30:00', share_url: 'https://feverup.com/m/1?session=b' },
        ],
      }),
    );
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['event', 'event']);
    const [first, second] = outcomes;
    if (first?.kind !== 'event' || second?.kind !== 'event') throw new Error('expected events');
    expect(first.event).toMatchObject({
      source: 'fever',
      external_id: '100000:a',
      category: 'Music & Concerts',
      start_utc: '2027-02-10T19:00:00.000Z',
      end_utc: '2027-02-10T20:15:00.000Z',
      city: 'Madrid',
      country: 'Spain',
      latitude: 40.4254,
      min_price: 25,
      currency: 'EUR',
      purchase_url: 'https://feverup.com/m/1?session=a',
      original_url: 'https://feverup.com/m/100000',
      organizer: 'Candlelight Concerts',
    });
    // Without an offset the time is the venue's wall time.
    expect(second.event.start_utc).toBe('2027-02-11T21:30:00.000Z');
  });

  it('files gift-card plans under Gift Cards', () => {
    const [outcome] = normalizeFeverPlan(makeFeverPlan({ name: 'Fever Gift Card', category: 'Gift cards' }));
    expect(outcome?.kind === 'event' && outcome.event.category).toBe('Gift Cards');
  });

  it('accepts a bare price with the currency beside it, and no price at all', () => {
    const [priced] = normalizeFeverPlan(makeFeverPlan({ price: 18.5, currency: 'gbp' }));
    expect(priced?.kind === 'event' && [priced.event.min_price, priced.event.currency]).toEqual([18.5, 'GBP']);
    const [free] = normalizeFeverPlan(makeFeverPlan({ price: null }));
    expect(free?.kind === 'event' && free.event.min_price).toBeNull();
  });

  it('turns a cancelled session into a cancellation of that session only', () => {
    const outcomes = normalizeFeverPlan(
      makeFeverPlan({
        sessions: [
          { id: 'a', starts_at: '2027-02-10T20:00:00+01:00', status: 'canceled' },
          { id: 'b', starts_at: '2027-02-11T20:00:00+01:00' },
        ],
      }),
    );
    expect(outcomes[0]).toEqual({ kind: 'cancelled', source: 'fever', externalId: '100000:a' });
    expect(outcomes[1]?.kind).toBe('event');
  });

  it('quarantines a plan without sessions, without a name, or with a session in the wrong century', () => {
    expect(normalizeFeverPlan(makeFeverPlan({ sessions: [] }))[0]).toMatchObject({
      kind: 'quarantine',
      reason: 'no date',
    });
    expect(normalizeFeverPlan(makeFeverPlan({ name: '' }))[0]).toMatchObject({ kind: 'quarantine', reason: 'no name' });
    const [old] = normalizeFeverPlan(makeFeverPlan({ sessions: [{ id: 'x', starts_at: '1927-02-10T20:00:00Z' }] }));
    expect(old).toMatchObject({ kind: 'quarantine', externalId: '100000:x' });
  });
});
