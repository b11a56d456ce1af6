import { describe, expect, it } from 'vitest';
import { upcomingCutoff } from './upcoming-cutoff.ts';

describe('upcoming cutoff', () => {
  it('is two hours back, rounded down to the minute, so requests of one minute share it', () => {
    expect(upcomingCutoff(new Date('2026-11-21T10:00:00.000Z'))).toBe('2026-11-21T08:00:00.000Z');
    expect(upcomingCutoff(new Date('2026-11-21T10:00:59.999Z'))).toBe('2026-11-21T08:00:00.000Z');
    expect(upcomingCutoff(new Date('2026-11-21T10:01:00.000Z'))).toBe('2026-11-21T08:01:00.000Z');
  });
});
