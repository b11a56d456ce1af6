import { describe, expect, it } from 'vitest';
import { dateIn, midnightIn, wallClockIn, zonedDateTimeToUtc } from './time-zones.ts';

const MINUTE = 60_000;

/** The date `Intl` reads at `instant` in `zone`, asked afresh. */
function dateByIntl(instant: Date, zone: string) {
  const { year, month, day } = wallClockIn(instant, zone);
  return { year, month, day };
}

/** Every `stepMinutes` from `fromIso` for `hours`, as instants. */
function sweep(fromIso: string, hours: number, stepMinutes: number): Date[] {
  const start = Date.parse(fromIso);
  return Array.from({ length: (hours * 60) / stepMinutes }, (_, i) => new Date(start + i * stepMinutes * MINUTE));
}

describe('time zones: kept midnights and days', () => {
  it('given midnights asked twice, when kept, then each is the instant a fresh conversion gives', () => {
    const zones = ['Europe/Madrid', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'];
    for (const zone of zones)
      for (let day = 1; day <= 31; day++)
        for (const month of [3, 4, 9, 10]) {
          const date = { year: 2026, month, day: Math.min(day, 30) };
          const fresh = zonedDateTimeToUtc({ ...date, hour: 0, minute: 0, second: 0 }, zone).toISOString();
          expect(midnightIn(date, zone).toISOString()).toBe(fresh);
          expect(midnightIn(date, zone).toISOString()).toBe(fresh);
        }
  });

  it('given a kept midnight, when the caller changes the Date it got, then the next answer is unchanged', () => {
    const date = { year: 2026, month: 11, day: 29 };
    midnightIn(date, 'Asia/Tokyo').setTime(0);
    expect(midnightIn(date, 'Asia/Tokyo').toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });

  it('given instants across clock changes, when the date is asked in order, then it is the date Intl reads', () => {
    const cases: Array<[zone: string, fromIso: string]> = [
      ['Europe/Madrid', '2026-03-28T00:00:00Z'], // spring forward at 02:00
      ['Europe/Madrid', '2026-10-24T00:00:00Z'], // fall back at 03:00
      ['America/Santiago', '2026-09-04T00:00:00Z'], // midnight skipped: the day starts at 01:00
      ['America/Sao_Paulo', '2018-02-16T00:00:00Z'], // midnight back to 23:00 of the day before
      ['America/Goose_Bay', '2010-11-05T00:00:00Z'], // 00:01 back to 23:01: the new day for one minute, then the old
      ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'], // half an hour back
      ['Asia/Kolkata', '2026-11-27T00:00:00Z'],
    ];
    for (const [zone, fromIso] of cases)
      for (const instant of sweep(fromIso, 72, 1)) expect(dateIn(instant, zone)).toEqual(dateByIntl(instant, zone));
  });

  it('given one zone asked about far-apart instants in turn, when the day changes each time, then each is right', () => {
    const instants = sweep('2026-03-27T00:00:00Z', 96, 37).reverse();
    for (const instant of instants)
      expect(dateIn(instant, 'Europe/Madrid')).toEqual(dateByIntl(instant, 'Europe/Madrid'));
  });

  it('given the last second of a day and its next midnight, when asked, then they are two dates', () => {
    const midnight = midnightIn({ year: 2026, month: 11, day: 29 }, 'America/New_York');
    expect(dateIn(new Date(midnight.getTime() - 1), 'America/New_York')).toEqual({ year: 2026, month: 11, day: 28 });
    expect(dateIn(midnight, 'America/New_York')).toEqual({ year: 2026, month: 11, day: 29 });
  });
});
