/**
 * Popularity favours recent activity: each view counts 1 and each outbound click 3 (a click is a stronger
 * intent signal), and every contribution halves in weight every POPULARITY_HALF_LIFE_DAYS days.
 *
 * Decayed scores of different events cannot be compared without re-scoring them all to one instant. Instead we
 * keep the score in log space relative to a fixed epoch: popularity_log = log2(sum of w_i * 2^((t_i - epoch)/H)).
 * Decay then multiplies every score by the same factor, so the order by popularity_log is the order by the
 * decayed score at any instant, and an update touches only one event. Zero activity is 0 (below any activity
 * after the epoch). The score "as of now" is 2^(popularity_log - (now - epoch)/H).
 */
export const POPULARITY_HALF_LIFE_DAYS = 7;
export const POPULARITY_EPOCH = Date.UTC(2025, 0, 1);
export const VIEW_WEIGHT = 1;
export const CLICK_WEIGHT = 3;

const HALF_LIFE_MS = POPULARITY_HALF_LIFE_DAYS * 24 * 3600 * 1000;

function halvings(at: Date): number {
  return (at.getTime() - POPULARITY_EPOCH) / HALF_LIFE_MS;
}

/** log2(2^a + 2^b) without overflow. */
function log2AddExp(a: number, b: number): number {
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  return high + Math.log2(1 + 2 ** (low - high));
}

export function addActivity(popularityLog: number, weight: number, at: Date): number {
  const contribution = Math.log2(weight) + halvings(at);
  if (popularityLog === 0) return contribution;
  return log2AddExp(popularityLog, contribution);
}

/** The decayed score at `now`, rounded for display (0 for no activity). */
export function popularityAt(popularityLog: number, now: Date): number {
  if (popularityLog === 0) return 0;
  const score = 2 ** (popularityLog - halvings(now));
  return Math.round(score * 1000) / 1000;
}
