import { describe, expect, it } from 'vitest';
import {
  LATITUDE_RULE,
  LONGITUDE_RULE,
  NO_CITY_RULE,
  PRICE_ORDER_RULE,
  PRICE_RULE,
  problemOfServer,
  savedFiltersDraftOf,
  savedFiltersPatch,
} from './saved-filters-rules.ts';
import { NO_CHANGES } from './subscriber-rules.ts';
import { makeAdminSubscriber } from '../../testing/admin-subscriber.ts';
import type { AdminSubscriber, SavedFilters } from './types.ts';

const jazz: SavedFilters = {
  keyword: 'jazz',
  category: null,
  min_price: null,
  max_price: 50,
  date_preset: null,
  centre: null,
};
const subscriberWith = (search: SavedFilters, city = 'Berlin'): AdminSubscriber =>
  makeAdminSubscriber({
    email: 'a@b.co',
    name: null,
    country: city ? 'Germany' : '',
    city,
    radius_km: 25,
    search,
    has_filters: true,
    search_description: 'Jazz under $50 within 25 km of Berlin',
    search_url: 'http://localhost/?keyword=jazz&country=Germany&city=Berlin&max_price=50',
  });
const subscriber = subscriberWith(jazz);

describe("the admin's saved-search edit", () => {
  it('patches only what changed, and an emptied field clears its filter', () => {
    const draft = savedFiltersDraftOf(subscriber);
    expect(draft).toEqual({
      keyword: 'jazz',
      category: '',
      min_price: '',
      max_price: '50',
      date_preset: '',
      centre: 'city',
      latitude: '',
      longitude: '',
    });
    expect(savedFiltersPatch(subscriber, draft)).toEqual({ problem: NO_CHANGES });
    expect(
      savedFiltersPatch(subscriber, { ...draft, max_price: '', category: 'Technology', date_preset: 'this_week' }),
    ).toEqual({
      patch: { max_price: null, category: 'Technology', date_preset: 'this_week' },
    });
  });

  it('names the price field at fault: a negative amount, or a maximum under the minimum', () => {
    const draft = savedFiltersDraftOf(subscriber);
    expect(savedFiltersPatch(subscriber, { ...draft, min_price: '60' })).toEqual({
      problems: { max_price: PRICE_ORDER_RULE },
    });
    expect(savedFiltersPatch(subscriber, { ...draft, min_price: '-1' })).toEqual({
      problems: { min_price: PRICE_RULE },
    });
  });

  it('moves the centre to coordinates, and back to the city by clearing them', () => {
    const draft = { ...savedFiltersDraftOf(subscriber), centre: 'point' as const };
    expect(savedFiltersPatch(subscriber, { ...draft, latitude: '52.5', longitude: '13.4' })).toEqual({
      patch: { latitude: 52.5, longitude: 13.4 },
    });
    const placed = subscriberWith({ ...jazz, centre: { lat: 52.5, lon: 13.4 } });
    const placedDraft = savedFiltersDraftOf(placed);
    expect(placedDraft).toMatchObject({ centre: 'point', latitude: '52.5', longitude: '13.4' });
    expect(savedFiltersPatch(placed, placedDraft)).toEqual({ problem: NO_CHANGES });
    expect(savedFiltersPatch(placed, { ...placedDraft, centre: 'city' })).toEqual({
      patch: { latitude: null, longitude: null },
    });
  });

  it('refuses coordinates off the globe or half a centre, beside the field', () => {
    const draft = { ...savedFiltersDraftOf(subscriber), centre: 'point' as const };
    expect(savedFiltersPatch(subscriber, { ...draft, latitude: '91', longitude: '13.4' })).toEqual({
      problems: { latitude: LATITUDE_RULE },
    });
    expect(savedFiltersPatch(subscriber, { ...draft, latitude: '52.5', longitude: '' })).toEqual({
      problems: { longitude: LONGITUDE_RULE },
    });
  });

  it("refuses the city's centre when the subscription has no city", () => {
    const centreOnly = subscriberWith({ ...jazz, centre: { lat: 52.5, lon: 13.4 } }, '');
    expect(savedFiltersPatch(centreOnly, { ...savedFiltersDraftOf(centreOnly), centre: 'city' })).toEqual({
      problems: { centre: NO_CITY_RULE },
    });
  });

  it("puts a server's refusal beside the field it names", () => {
    expect(problemOfServer('latitude: Too big: expected number to be <=90')).toEqual({
      field: 'latitude',
      text: 'Too big: expected number to be <=90',
    });
    expect(problemOfServer('max_price: must not be below min_price')).toEqual({
      field: 'max_price',
      text: 'Must not be below min_price',
    });
    expect(problemOfServer('city: a search needs a city or a centre')).toEqual({ field: 'centre', text: NO_CITY_RULE });
    expect(problemOfServer('Subscriber not found')).toBeNull();
  });
});
