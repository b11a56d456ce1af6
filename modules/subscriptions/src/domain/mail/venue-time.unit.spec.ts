import { describe, expect, it } from 'vitest';
import { venueTime, venueTimeText } from './venue-time.ts';

describe('venueTime', () => {
  it("reads the instant on the venue's clock, including the day when it differs from UTC's", () => {
    // 02:00 UTC on Saturday is still Friday evening in Austin
    expect(venueTimeText('2026-12-05T02:00:00Z', 'America/Chicago')).toBe('Fri 4 Dec · 20:00 GMT-6');
  });

  it('shows half-hour offsets', () => {
    expect(venueTimeText('2026-12-05T14:30:00Z', 'Asia/Kolkata')).toBe('Sat 5 Dec · 20:00 GMT+5:30');
    expect(venueTimeText('2026-12-05T14:15:00Z', 'Asia/Kathmandu')).toBe('Sat 5 Dec · 20:00 GMT+5:45');
  });

  it('follows daylight saving time on both sides of the change', () => {
    expect(venueTimeText('2026-07-10T00:00:00Z', 'America/New_York')).toBe('Thu 9 Jul · 20:00 GMT-4');
    expect(venueTimeText('2026-12-10T01:00:00Z', 'America/New_York')).toBe('Wed 9 Dec · 20:00 GMT-5');
    expect(venueTimeText('2026-07-10T19:00:00Z', 'Europe/London')).toBe('Fri 10 Jul · 20:00 GMT+1');
    expect(venueTimeText('2026-12-10T20:00:00Z', 'Europe/London')).toBe('Thu 10 Dec · 20:00 GMT');
    // Southern hemisphere: Sydney is on summer time in December
    expect(venueTimeText('2026-12-10T09:00:00Z', 'Australia/Sydney')).toBe('Thu 10 Dec · 20:00 GMT+11');
  });

  it('falls back to UTC, labelled as UTC, when the source gave no valid zone', () => {
    expect(venueTimeText('2026-12-05T20:00:00Z', null)).toBe('Sat 5 Dec · 20:00 UTC');
    expect(venueTimeText('2026-12-05T20:00:00Z', 'Mars/Olympus_Mons')).toBe('Sat 5 Dec · 20:00 UTC');
  });

  it('has no time for a missing or unreadable date', () => {
    expect(venueTime(null, 'America/Chicago')).toBeNull();
    expect(venueTime('soon', 'America/Chicago')).toBeNull();
    expect(venueTimeText('', 'America/Chicago')).toBe('Date to be announced');
  });

  it('gives the parts of a calendar tile', () => {
    expect(venueTime('2026-12-05T02:00:00Z', 'America/Chicago')).toMatchObject({
      day: 'Fri 4 Dec',
      time: '20:00 GMT-6',
      month: 'DEC',
      dayOfMonth: '4',
    });
  });
});
