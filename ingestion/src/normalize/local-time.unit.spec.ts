import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localToUtc, utcToLocal } from './local-time.ts';

describe('localToUtc', () => {
  it('converts venue wall time to UTC on both sides of a DST change', () => {
    expect(localToUtc('2027-01-15', '20:00:00', 'Europe/Madrid')?.toISOString()).toBe('2027-01-15T19:00:00.000Z');
    expect(localToUtc('2027-07-15', '20:00', 'Europe/Madrid')?.toISOString()).toBe('2027-07-15T18:00:00.000Z');
    expect(localToUtc('2027-07-15', '20:00:00', 'America/Los_Angeles')?.toISOString()).toBe('2027-07-16T03:00:00.000Z');
  });

  it('uses midnight without a time, and the offset before the jump for a skipped wall time', () => {
    expect(localToUtc('2027-03-01', null, 'Asia/Tokyo')?.toISOString()).toBe('2027-02-28T15:00:00.000Z');
    expect(localToUtc('2027-03-28', '02:30:00', 'Europe/Madrid')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('rejects unreadable parts and unknown zones', () => {
    expect(localToUtc('15/01/2027', '20:00', 'Europe/Madrid')).toBeNull();
    expect(localToUtc('2027-01-15', 'eight', 'Europe/Madrid')).toBeNull();
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
  });
});

describe('utcToLocal', () => {
  it('prints the venue wall clock of an instant, on either side of a DST change', () => {
    expect(utcToLocal(new Date('2026-07-01T18:30:00Z'), 'Europe/Lisbon')).toEqual({
      date: '2026-07-01',
      time: '19:30:00',
    });
    expect(utcToLocal(new Date('2026-12-01T23:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-01',
      time: '18:30:00',
    });
    expect(utcToLocal(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2027-01-01',
      time: '08:30:00',
    });
  });
});
