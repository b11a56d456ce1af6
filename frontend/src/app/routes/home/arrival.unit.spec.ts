import { describe, expect, it } from 'vitest';
import { arrivalOf } from './arrival.ts';
import { arrivalFocus, findLoaded, focusOnEvent } from './map-focus-target.ts';

describe('the address the visitor arrived on', () => {
  it('opens the map for a focus, unless the address names a view', () => {
    expect(arrivalOf('?focus_lat=1&focus_lon=2', null).search.view).toBe('map');
    expect(arrivalOf('?focus_event=42', null).search.view).toBe('map');
    expect(arrivalOf('?focus_event=42&view=split', null).search.view).toBe('split');
    expect(arrivalOf('', null).search.view).toBe('list');
  });

  it("reads a digest's edit token once", () => {
    expect(arrivalOf('?edit=abcdefghijklmnopqrstuvwx', null).editToken).toBe('abcdefghijklmnopqrstuvwx');
    expect(arrivalOf('?edit=short', null).editToken).toBeNull();
  });
});

describe('map focus', () => {
  it('focuses the address coordinates at once; a focus_event alone waits for its event', () => {
    expect(arrivalFocus({ mode: null, focusLat: 1, focusLon: 2, focusEvent: '7' }, 5)).toEqual({
      id: '7',
      lat: 1,
      lon: 2,
      at: 5,
    });
    expect(arrivalFocus({ mode: null, focusLat: null, focusLon: null, focusEvent: '7' }, 5)).toBeNull();
  });

  it('finds a loaded event in the list first, then in the full map data', () => {
    const inList = { id: 7, latitude: 1, longitude: 2 } as never;
    const onMap = { id: 8, latitude: 3, longitude: 4 } as never;
    expect(findLoaded('8', [inList], [onMap])).toBe(onMap);
    expect(findLoaded('9', [inList], [onMap])).toBeUndefined();
  });

  it('focuses an event where it takes place, and not an event without coordinates', () => {
    expect(focusOnEvent({ id: 7, latitude: 1, longitude: 2 } as never, 9)).toMatchObject({ id: '7', at: 9 });
    expect(focusOnEvent({ id: 7, latitude: null, longitude: null } as never, 9)).toBeNull();
  });
});
