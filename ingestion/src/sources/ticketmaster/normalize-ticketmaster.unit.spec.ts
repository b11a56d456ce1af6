import { describe, expect, it } from 'vitest';
import { makeTicketmasterEvent } from '../../testing/feed-fixtures.ts';
import { normalizeTicketmasterEvent } from './normalize-ticketmaster.ts';

function eventOf(raw: unknown) {
  const outcome = normalizeTicketmasterEvent(raw);
  if (outcome.kind !== 'event') throw new Error(`expected an event, got ${JSON.stringify(outcome)}`);
  return outcome.event;
}

describe('normalizeTicketmasterEvent', () => {
  it('maps a complete Discovery event onto our fields', () => {
    const event = eventOf(makeTicketmasterEvent({ id: 'G5vYZ9' }));
    expect(event).toMatchObject({
      source: 'ticketmaster',
      external_id: 'G5vYZ9',
      name: 'The Lumineers Live 0',
      category: 'Music & Concerts',
      start_utc: '2027-03-01T23:30:00.000Z',
      timezone: 'America/New_York',
      venue_name: 'Madison Square Garden',
      address: '4 Pennsylvania Plaza, 10001',
      city: 'New York',
      country: 'United States',
      latitude: 40.7505006,
      longitude: -73.9916006,
      min_price: 49.5,
      max_price: 129,
      currency: 'USD',
      purchase_url: 'https://www.ticketmaster.com/event/G5vYZ9',
      original_url: 'https://www.ticketmaster.com/event/G5vYZ9',
      organizer: 'PROMOTED BY VENUE',
      event_type: 'Rock',
      tags: ['Music', 'Rock', 'Alternative Rock'],
    });
  });

  it('takes the on-sale instant from sales.public.startDateTime, and leaves it empty when absent or unreadable', () => {
    const onSale = (sales: unknown) => eventOf(makeTicketmasterEvent({ sales })).on_sale_utc;
    expect(onSale({ public: { startDateTime: '2026-12-01T15:00:00Z', startTBD: false } })).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    expect(onSale(undefined)).toBeNull();
    expect(onSale({ public: { startTBD: true } })).toBeNull();
    // A malformed branch or value costs only the on-sale date, never the event.
    expect(onSale({ public: { startDateTime: 'soon' } })).toBeNull();
    expect(onSale('yes')).toBeNull();
  });

  it('prefers the largest 16:9 image over smaller and other-ratio ones', () => {
    expect(eventOf(makeTicketmasterEvent()).image_url).toBe(
      'https://s1.ticketm.net/dam/a/G5v000000_TABLET_LANDSCAPE_LARGE_16_9.jpg',
    );
  });

  it('leaves prices empty when the event has no priceRanges', () => {
    const event = eventOf(makeTicketmasterEvent({ priceRanges: undefined }));
    expect(event.min_price).toBeNull();
    expect(event.max_price).toBeNull();
  });

  it('leaves coordinates empty when the venue has no location, and never stores 0,0', () => {
    const base = makeTicketmasterEvent();
    const venue = (base._embedded as { venues: Array<Record<string, unknown>> }).venues[0];
    expect(eventOf({ ...base, _embedded: { venues: [{ ...venue, location: undefined }] } }).latitude).toBeNull();
    expect(
      eventOf({ ...base, _embedded: { venues: [{ ...venue, location: { latitude: '0', longitude: '0' } }] } })
        .longitude,
    ).toBeNull();
  });

  it('uses the venue time zone when dates.timezone is missing, converting local time to UTC', () => {
    const event = eventOf(
      makeTicketmasterEvent({
        dates: { start: { localDate: '2027-07-14', localTime: '20:00:00' }, status: { code: 'onsale' } },
        _embedded: {
          venues: [
            { name: 'Accor Arena', timezone: 'Europe/Paris', city: { name: 'PARIS' }, country: { countryCode: 'FR' } },
          ],
        },
      }),
    );
    expect(event.timezone).toBe('Europe/Paris');
    expect(event.start_utc).toBe('2027-07-14T18:00:00.000Z');
    expect(event.city).toBe('Paris');
    expect(event.country).toBe('France');
  });

  it.each(['canceled', 'cancelled', 'Cancelled'])('treats status %s as a cancellation', (code) => {
    const outcome = normalizeTicketmasterEvent(makeTicketmasterEvent({ id: 'gone', dates: { status: { code } } }));
    expect(outcome).toEqual({ kind: 'cancelled', source: 'ticketmaster', externalId: 'gone' });
  });

  it.each([
    ['no name', { name: '   ' }, 'no name'],
    ['no date', { dates: { status: { code: 'onsale' } } }, 'no date'],
    [
      'a date in the wrong century',
      { dates: { start: { dateTime: '2927-03-01T20:00:00Z' } } },
      'date in the wrong century',
    ],
  ])('quarantines a record with %s', (_case, overrides, reason) => {
    const raw = makeTicketmasterEvent({ id: 'bad', ...overrides });
    const outcome = normalizeTicketmasterEvent(raw);
    expect(outcome.kind).toBe('quarantine');
    if (outcome.kind === 'quarantine') {
      expect(outcome.reason).toContain(reason);
      expect(outcome.externalId).toBe('bad');
      expect(outcome.raw).toBe(raw);
    }
  });

  it('quarantines something that is not an event object at all', () => {
    expect(normalizeTicketmasterEvent('nonsense').kind).toBe('quarantine');
  });

  it('files comedy under Entertainment although its segment is Arts & Theatre', () => {
    const event = eventOf(
      makeTicketmasterEvent({
        classifications: [{ primary: true, segment: { name: 'Arts & Theatre' }, genre: { name: 'Comedy' } }],
      }),
    );
    expect(event.category).toBe('Entertainment');
  });
});
