import { describe, expect, it } from 'vitest';
import { displayDescription, displayTitle, eventCoordinates, eventStart, eventTags, showOnMapHref } from './event.ts';

describe('event fields for display', () => {
  it('prefers unique_title and unique_description when present', () => {
    expect(displayTitle({ name: 'Name', unique_title: 'Unique' })).toBe('Unique');
    expect(displayTitle({ name: 'Name', unique_title: '  ' })).toBe('Name');
    expect(displayDescription({ description: 'Plain', unique_description: 'Better' })).toBe('Better');
    expect(displayDescription({ description: 'Plain', unique_description: null })).toBe('Plain');
  });

  it('reads the start from the first of the five field names that is set', () => {
    expect(eventStart({ id: 1, name: 'x', event_date: '2026-12-01' })).toBe('2026-12-01');
    expect(eventStart({ id: 1, name: 'x', start_datetime_utc: 'a', date: 'b' })).toBe('a');
    expect(eventStart({ id: 1, name: 'x' })).toBeUndefined();
  });

  it('splits comma separated tags', () => {
    expect(eventTags({ tags: 'jazz, live ,,outdoor' })).toEqual(['jazz', 'live', 'outdoor']);
    expect(eventTags({ tags: '' })).toEqual([]);
    expect(eventTags({})).toEqual([]);
  });

  it('accepts only finite coordinates', () => {
    expect(eventCoordinates({ latitude: 40.4, longitude: -3.7 })).toEqual({ lat: 40.4, lon: -3.7 });
    expect(eventCoordinates({ latitude: null, longitude: 1 })).toBeUndefined();
    expect(eventCoordinates({ latitude: Number.NaN, longitude: 1 })).toBeUndefined();
  });

  it('builds the home map focus link', () => {
    expect(showOnMapHref(42, { lat: 40.4, lon: -3.7 })).toBe('/?mode=map&focus_lat=40.4&focus_lon=-3.7&focus_event=42');
  });
});
