import { describe, expect, it } from 'vitest';
import { isValidTimeZone, normaliseInstant, startFromRecord } from './start-time.ts';

describe('start time normalisation', () => {
  it('given an instant with an offset, when normalised, then it is the same instant in UTC', () => {
    expect(normaliseInstant('2026-12-05T20:00:00+01:00')).toBe('2026-12-05T19:00:00.000Z');
  });

  it('given a local date-time and the venue zone, when normalised, then the zone offset is applied', () => {
    expect(normaliseInstant('2026-07-01 20:00', 'Europe/Madrid')).toBe('2026-07-01T18:00:00.000Z');
    expect(normaliseInstant('2026-12-01T20:00:00', 'America/New_York')).toBe('2026-12-02T01:00:00.000Z');
  });

  it('given a bare date, when normalised, then it is midnight of that day in the zone', () => {
    expect(normaliseInstant('2026-12-05', 'Asia/Tokyo')).toBe('2026-12-04T15:00:00.000Z');
    expect(normaliseInstant('2026-12-05')).toBe('2026-12-05T00:00:00.000Z');
  });

  it("given a year typed as '0025-', when normalised, then it is read as 2025", () => {
    expect(normaliseInstant('0025-06-01T10:00:00Z')).toBe('2025-06-01T10:00:00.000Z');
  });

  it('given epoch seconds or milliseconds, when normalised, then both give the instant', () => {
    expect(normaliseInstant(1_800_000_000)).toBe('2027-01-15T08:00:00.000Z');
    expect(normaliseInstant(1_800_000_000_000)).toBe('2027-01-15T08:00:00.000Z');
  });

  it.each(['', 'soon', '2026-02-30', '2026-13-01T10:00', null, undefined, {}])(
    'given %j, when normalised, then there is no instant',
    (value) => {
      expect(normaliseInstant(value)).toBeNull();
    },
  );

  it('given a record with several start fields, when read, then the first usable one in spec order wins', () => {
    expect(startFromRecord({ event_date: '2026-01-01', date: 'TBA', start_date: '2026-03-04T10:00:00Z' })).toBe(
      '2026-03-04T10:00:00.000Z',
    );
    expect(startFromRecord({ event_date: '2026-01-01' })).toBe('2026-01-01T00:00:00.000Z');
  });

  it('given start_datetime_utc without an offset, when read with a venue zone, then it stays UTC', () => {
    expect(startFromRecord({ start_datetime_utc: '2026-07-01T18:00:00' }, 'Europe/Madrid')).toBe(
      '2026-07-01T18:00:00.000Z',
    );
  });

  it('given a record without any start field, when read, then there is no start', () => {
    expect(startFromRecord({ name: 'x' })).toBeNull();
  });

  it('given zones asked again and again, then the answer stays the same: known zones once checked, made-up ones refused every time', () => {
    for (let i = 0; i < 3; i++) {
      expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
      expect(isValidTimeZone('Not/AZone')).toBe(false);
      expect(isValidTimeZone('')).toBe(false);
    }
  });
});
