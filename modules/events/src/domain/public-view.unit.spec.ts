import { describe, expect, it } from 'vitest';
import { makeStoredEvent } from '../testing/make-event.ts';
import { toMapBasic, toPublicEvent } from './public-view.ts';

const now = new Date('2026-11-21T00:00:00Z');

describe('public event view', () => {
  it('given a stored event, then the answer has the spec fields with tags comma separated', () => {
    const view = toPublicEvent(makeStoredEvent({ original_url: 'https://o.example.com/1' }), now, 1.23456);
    expect(view).toMatchObject({
      id: 1,
      date: '2026-12-05T19:00:00.000Z',
      tags: 'jazz, live',
      price_text: 'EUR 20 - 45',
      currency: 'EUR',
      external_url: 'https://o.example.com/1',
      distance_km: 1.235,
    });
  });

  it('given contacts in free text, then they are removed from the answer', () => {
    const view = toPublicEvent(makeStoredEvent({ description: 'Mail boss@club.example or call +34 612 345 678.', organizer: 'Ann (ann@x.io)' }), now);
    expect(view.description).toBe('Mail [contact removed] or call [contact removed].');
    expect(view.organizer).toBe('Ann ([contact removed])');
    expect(JSON.stringify(view)).not.toMatch(/@/);
  });

  it("given the venue's zone, then the answer carries it so visitors read venue-local times (issue 17)", () => {
    expect(toPublicEvent(makeStoredEvent({ timezone: 'Asia/Kolkata' }), now).timezone).toBe('Asia/Kolkata');
    expect(toPublicEvent(makeStoredEvent({ timezone: 'Not/AZone' }), now).timezone).toBeNull();
    expect(toPublicEvent(makeStoredEvent({ timezone: null }), now).timezone).toBeNull();
  });

  it('given map_basic, then only the light fields are present', () => {
    expect(Object.keys(toMapBasic(makeStoredEvent())).sort()).toEqual(['category', 'date', 'id', 'latitude', 'longitude', 'name']);
  });
});
