import { describe, expect, it } from 'vitest';
import { addActivity, CLICK_WEIGHT, popularityAt, POPULARITY_HALF_LIFE_DAYS, VIEW_WEIGHT } from './popularity.ts';

const DAY = 24 * 3600 * 1000;
const at = (iso: string) => new Date(iso);

describe('popularity favours recent activity', () => {
  it('given no activity, then the score is 0', () => {
    expect(popularityAt(0, at('2026-11-21T00:00:00Z'))).toBe(0);
  });

  it('given one view, when a half-life passes, then the score halves', () => {
    const viewedAt = at('2026-11-01T00:00:00Z');
    const log = addActivity(0, VIEW_WEIGHT, viewedAt);
    expect(popularityAt(log, viewedAt)).toBeCloseTo(1, 6);
    expect(popularityAt(log, new Date(viewedAt.getTime() + POPULARITY_HALF_LIFE_DAYS * DAY))).toBeCloseTo(0.5, 6);
  });

  it('given views at the same time, then scores add up', () => {
    const t = at('2026-11-01T00:00:00Z');
    const log = addActivity(addActivity(addActivity(0, VIEW_WEIGHT, t), VIEW_WEIGHT, t), CLICK_WEIGHT, t);
    expect(popularityAt(log, t)).toBeCloseTo(2 + CLICK_WEIGHT, 6);
  });

  it('given many old views against a few fresh ones, then the fresh event ranks higher', () => {
    let old = 0;
    for (let i = 0; i < 10; i++) old = addActivity(old, VIEW_WEIGHT, at('2026-09-01T00:00:00Z'));
    let fresh = 0;
    for (let i = 0; i < 2; i++) fresh = addActivity(fresh, VIEW_WEIGHT, at('2026-11-20T00:00:00Z'));
    expect(fresh).toBeGreaterThan(old);
  });

  it('given activity far in the future, then the log score stays finite', () => {
    const log = addActivity(
      addActivity(0, VIEW_WEIGHT, at('2120-01-01T00:00:00Z')),
      VIEW_WEIGHT,
      at('2120-01-01T00:00:00Z'),
    );
    expect(Number.isFinite(log)).toBe(true);
  });
});
