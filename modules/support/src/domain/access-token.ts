/** Comparing a presented ticket token with the stored one without leaking, through timing, how much matched. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Both sides are hashed first so the comparison takes the same time whatever the presented length. */
export function tokensMatch(presented: string, stored: string): boolean {
  if (!presented || !stored) return false;
  return timingSafeEqual(digest(presented), digest(stored));
}
