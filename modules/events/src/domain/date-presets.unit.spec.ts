import { describe, expect, it } from 'vitest';
import { resolveDatePreset } from './date-presets.ts';

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe('date presets in the visitor zone', () => {
  it('given 23:30 in New York (04:30 UTC next day), when today is resolved, then it is the New York day', () => {
    const now = new Date('2026-11-21T04:30:00Z');
    expect(iso(resolveDatePreset('today', now, 'America/New_York'))).toEqual([
      '2026-11-20T05:00:00.000Z',
      '2026-11-21T05:00:00.000Z',
    ]);
    // The same instant is already the 21st in UTC.
    expect(iso(resolveDatePreset('today', now, 'UTC'))).toEqual([
      '2026-11-21T00:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
    ]);
  });

  it('given 00:10 in Tokyo (15:10 UTC the day before), when tomorrow is resolved, then it is the next Tokyo day', () => {
    const now = new Date('2026-11-20T15:10:00Z');
    expect(iso(resolveDatePreset('tomorrow', now, 'Asia/Tokyo'))).toEqual([
      '2026-11-21T15:00:00.000Z',
      '2026-11-22T15:00:00.000Z',
    ]);
  });

  it('given a half-hour zone just after midnight, when today is resolved, then the offset is +05:30', () => {
    const now = new Date('2026-11-20T18:35:00Z'); // 00:05 on the 21st in Kolkata
    expect(iso(resolveDatePreset('today', now, 'Asia/Kolkata'))).toEqual([
      '2026-11-20T18:30:00.000Z',
      '2026-11-21T18:30:00.000Z',
    ]);
  });

  it('given a day with a DST change, when today is resolved, then the day is 23 hours long', () => {
    const now = new Date('2026-03-29T12:00:00Z');
    const range = resolveDatePreset('today', now, 'Europe/Madrid');
    expect(iso(range)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('given a Saturday, when this_week is resolved, then it runs from today to the end of Sunday', () => {
    const now = new Date('2026-11-21T10:00:00Z'); // Saturday
    expect(iso(resolveDatePreset('this_week', now, 'UTC'))).toEqual([
      '2026-11-21T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
    ]);
  });

  it('given a Sunday, when this_week is resolved, then it ends at the next midnight', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(iso(resolveDatePreset('this_week', now, 'UTC'))).toEqual([
      '2026-11-22T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
    ]);
  });

  it('given December, when this_month is resolved, then it ends at the first of January', () => {
    const now = new Date('2026-12-31T22:00:00Z');
    expect(iso(resolveDatePreset('this_month', now, 'UTC'))).toEqual([
      '2026-12-31T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    // 23:00 on the 31st in UTC is already January in Berlin.
    expect(iso(resolveDatePreset('this_month', new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-01-31T23:00:00.000Z',
    ]);
  });
});
