import { describe, expect, it } from 'vitest';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { buildMarkerPopup } from './marker-popup.ts';

// A map pin as `fields=map_basic` sends it: no price, no offers list, only the count of sellers when several.
const pin = (extra: Partial<VisitorEvent> = {}): VisitorEvent =>
  ({
    id: 7,
    name: 'Vivaldi Four Seasons',
    latitude: 40.75,
    longitude: -73.97,
    category: 'Music & Concerts',
    date: '2027-03-05T23:00:00Z',
    ...extra,
  }) as VisitorEvent;

describe('buildMarkerPopup', () => {
  it('says how many sellers list the event when there are several', () => {
    expect(buildMarkerPopup(pin({ offer_count: 3 })).querySelector('.map-popup__sellers')?.textContent).toBe(
      '3 sellers',
    );
  });

  it('says nothing about sellers for a single seller', () => {
    expect(buildMarkerPopup(pin()).querySelector('.map-popup__sellers')).toBeNull();
    expect(buildMarkerPopup(pin({ offer_count: 1 })).querySelector('.map-popup__sellers')).toBeNull();
  });
});
