import { describe, expect, it } from 'vitest';
import { toEventsPage } from './api.ts';
import { countLine, mapLoadLine, remainingCount } from './count-line.ts';
import { initialViewMode, readFocusParams, withoutFocusParams } from './focus-params.ts';
import { currentPopular } from './popular-expiry.ts';

describe('focus parameters', () => {
  it('reads finite coordinates and the event, and defaults the view to the map', () => {
    const params = readFocusParams('?mode=map&focus_lat=41.39&focus_lon=2.17&focus_event=12');
    expect(params).toEqual({ mode: 'map', focusLat: 41.39, focusLon: 2.17, focusEvent: '12' });
    expect(initialViewMode(readFocusParams('?focus_lat=41.39&focus_lon=2.17'))).toBe('map');
    expect(initialViewMode(readFocusParams('?focus_event=7'))).toBe('map');
  });

  it('ignores coordinates that are not finite numbers', () => {
    const params = readFocusParams('?focus_lat=abc&focus_lon=2');
    expect(params.focusLat).toBeNull();
    expect(initialViewMode(params)).toBe('list');
  });

  it('an explicit mode wins', () => {
    expect(initialViewMode(readFocusParams('?mode=split&focus_event=3'))).toBe('split');
  });

  it('removes only the focus parameters from the query string', () => {
    expect(withoutFocusParams('?mode=map&focus_lat=1&focus_lon=2&focus_event=3&utm=x')).toBe('?utm=x');
    expect(withoutFocusParams('?mode=map')).toBe('');
  });
});

describe('count line', () => {
  it('has its three forms', () => {
    expect(countLine(100, 2400)).toBe('100 of 2400 events shown');
    expect(countLine(12, 12)).toBe('All 12 events loaded');
    expect(mapLoadLine(3000, 100000)).toBe('3000/100000 loaded');
    expect(remainingCount(100, 2400)).toBe(2300);
  });
});

describe('events answers', () => {
  it('reads data and pagination', () => {
    const page = toEventsPage({
      data: [{ id: 1, name: 'A' }],
      pagination: { total: 5, pages: 5, page: 1, has_next: true },
    });
    expect(page.pagination).toEqual({ total: 5, pages: 5, page: 1, has_next: true });
  });

  it('turns an empty fallback answer into an empty page', () => {
    expect(toEventsPage(null)).toEqual({ data: [], pagination: { total: 0, pages: 0, page: 1, has_next: false } });
  });
});

describe('popular events', () => {
  it('drops events that started more than two hours ago', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const events = [
      { id: 1, name: 'old', date: '2026-11-21T09:59:00Z' },
      { id: 2, name: 'recent', date: '2026-11-21T10:30:00Z' },
      { id: 3, name: 'later', date: '2026-11-22T10:00:00Z' },
      { id: 4, name: 'undated' },
    ];
    expect(currentPopular(events, now).map((event) => event.id)).toEqual([2, 3, 4]);
  });
});
