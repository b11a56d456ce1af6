import { describe, expect, it } from 'vitest';
import { dateRangeSummary } from './date-range-summary.ts';

describe('custom dates summary', () => {
  it('names the range in short days, with the year only when it is not this one', () => {
    expect(dateRangeSummary('2026-12-01', '2026-12-24', 2026)).toBe('Dec 1 – Dec 24');
    expect(dateRangeSummary('2026-12-30', '2027-01-02', 2026)).toBe('Dec 30 – Jan 2, 2027');
  });

  it('says which end is open, and asks for dates when neither is set', () => {
    expect(dateRangeSummary('2026-12-01', '', 2026)).toBe('From Dec 1');
    expect(dateRangeSummary('', '2026-12-24', 2026)).toBe('Until Dec 24');
    expect(dateRangeSummary('', ' ', 2026)).toBe('Pick dates');
  });
});
