import { describe, expect, it } from 'vitest';
import { isSlotReached } from './digest-scheduler.ts';

describe('weekly digest slot', () => {
  const mondayNine = { weekday: 1, hour: 9 };
  it('is not reached before the configured weekday and hour', () => {
    expect(isSlotReached(new Date('2026-11-23T08:59:00Z'), mondayNine)).toBe(false); // Monday 08:59
  });
  it('is reached at the hour and for the rest of the ISO week', () => {
    expect(isSlotReached(new Date('2026-11-23T09:00:00Z'), mondayNine)).toBe(true);
    expect(isSlotReached(new Date('2026-11-29T23:00:00Z'), mondayNine)).toBe(true); // Sunday
  });
  it('treats Sunday as the last day of the week', () => {
    const sunday = { weekday: 0, hour: 18 };
    expect(isSlotReached(new Date('2026-11-28T20:00:00Z'), sunday)).toBe(false); // Saturday
    expect(isSlotReached(new Date('2026-11-29T18:30:00Z'), sunday)).toBe(true);
  });
});
