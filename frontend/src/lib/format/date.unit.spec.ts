import { describe, expect, it } from 'vitest';
import { dateBlock, formatEventDate, formatEventDateTime, formatEventTime } from './date.ts';

const now = new Date('2026-11-21T12:00:00Z');
const utc = { now, timeZone: 'UTC' } as const;

describe('date display (spec 01 §5)', () => {
  it('shows Available Now on the card and TBA elsewhere for a missing date', () => {
    expect(formatEventDate(undefined, { ...utc, context: 'card' })).toBe('Available Now');
    expect(formatEventDate(null, { ...utc, context: 'detail' })).toBe('TBA');
    expect(formatEventTime('', { ...utc, context: 'detail' })).toBe('TBA');
  });

  it('treats an unparsable date like a missing one', () => {
    expect(formatEventDate('not a date', { ...utc, context: 'card' })).toBe('Available Now');
    expect(formatEventDate('2026-13-45', { ...utc, context: 'detail' })).toBe('TBA');
  });

  it('shows Date TBA when the year is more than 3 ahead', () => {
    expect(formatEventDate('2030-01-01T10:00:00Z', { ...utc, context: 'card' })).toBe('Date TBA');
    expect(formatEventDate('2029-12-31T10:00:00Z', { ...utc, context: 'card' })).toBe('Mon, Dec 31, 2029');
  });

  it('shows Date TBA when the year is more than 1 behind', () => {
    expect(formatEventDate('2024-12-31T10:00:00Z', { ...utc, context: 'detail' })).toBe('Date TBA');
    expect(formatEventDate('2025-01-01T10:00:00Z', { ...utc, context: 'detail' })).toBe('Wed, Jan 1, 2025');
  });

  it('formats a valid date and time in the given zone', () => {
    expect(formatEventDate('2026-12-05T19:30:00Z', { ...utc, context: 'card' })).toBe('Sat, Dec 5, 2026');
    expect(formatEventTime('2026-12-05T19:30:00Z', { ...utc, context: 'card' })).toBe('7:30 PM');
    expect(formatEventTime('2026-12-05T19:30:00Z', { now, timeZone: 'Europe/Madrid', context: 'card' })).toBe(
      '8:30 PM',
    );
  });

  it('joins date and time, or gives the single fallback text', () => {
    expect(formatEventDateTime('2026-12-05T19:30:00Z', { ...utc, context: 'card' })).toBe('Sat, Dec 5, 2026 · 7:30 PM');
    expect(formatEventDateTime(undefined, { ...utc, context: 'card' })).toBe('Available Now');
    expect(formatEventDateTime('2099-01-01T00:00:00Z', { ...utc, context: 'card' })).toBe('Date TBA');
  });

  it("reads the time in the venue's zone and names the zone (issue 17)", () => {
    const kolkata = { now, timeZone: 'Asia/Kolkata', showZone: true, context: 'card' } as const;
    expect(formatEventDateTime('2026-12-05T14:30:00Z', kolkata)).toBe('Sat, Dec 5, 2026 · 8:00 PM local time');
    // Late evening in New York is already the next day in UTC: the venue's calendar day wins.
    expect(formatEventDate('2026-12-06T02:00:00Z', { now, timeZone: 'America/New_York', context: 'card' })).toBe(
      'Sat, Dec 5, 2026',
    );
  });

  it('names the zone by its abbreviation where readers know one, else says whose local time it is', () => {
    const at = (timeZone: string | undefined) =>
      formatEventTime('2026-12-05T14:30:00Z', { now, timeZone, showZone: true, context: 'detail' });
    expect(at('America/New_York')).toBe('9:30 AM EST');
    expect(at('Europe/London')).toBe('2:30 PM GMT');
    expect(at('Australia/Sydney')).toBe('1:30 AM local time');
    expect(at('Europe/Paris')).toBe('3:30 PM local time');
    expect(at('Asia/Kolkata')).not.toMatch(/GMT|UTC/);
    expect(at(undefined)).toMatch(/ (your time|[A-Z]{2,5})$/);
  });

  it('gives the calendar tile in the zone, and none without a real date', () => {
    expect(dateBlock('2026-12-06T02:00:00Z', { now, timeZone: 'America/New_York' })).toEqual({
      month: 'DEC',
      day: '5',
    });
    expect(dateBlock(null, { now })).toBeUndefined();
    expect(dateBlock('2099-01-01T00:00:00Z', { now })).toBeUndefined();
  });
});
