import { describe, expect, it } from 'vitest';
import { initialWindow, splitWindow, ticketmasterDateTime, windowSeconds } from './time-windows.ts';

describe('time windows', () => {
  it('formats instants as Ticketmaster wants them, without milliseconds', () => {
    expect(ticketmasterDateTime(new Date('2026-11-21T10:11:12.345Z'))).toBe('2026-11-21T10:11:12Z');
  });

  it('starts at the run start, rounded down to the minute', () => {
    expect(initialWindow(new Date('2026-11-21T10:11:12Z'), 1)).toEqual({
      from: '2026-11-21T10:11:00Z',
      to: '2026-11-22T10:11:00Z',
    });
  });

  it('splits a window into contiguous, non-overlapping parts that cover it exactly', () => {
    const window = { from: '2026-01-01T00:00:00Z', to: '2026-12-31T23:59:59Z' };
    const parts = splitWindow(window, 4500, 1000, 60);
    expect(parts.length).toBe(6);
    expect(parts[0]?.from).toBe(window.from);
    expect(parts.at(-1)?.to).toBe(window.to);
    for (let i = 1; i < parts.length; i += 1) {
      expect(Date.parse(parts[i]!.from) - Date.parse(parts[i - 1]!.to)).toBe(1000);
    }
    expect(parts.reduce((sum, part) => sum + windowSeconds(part), 0)).toBe(windowSeconds(window));
  });

  it('does not split below the minimum window length', () => {
    const window = { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:59Z' };
    expect(splitWindow(window, 5000, 1000, 60)).toEqual([window]);
  });
});
