/** A ticket's access token: made from the OS CSPRNG, and compared without leaking, through timing, how much matched. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits, URL-safe: far beyond guessing, short enough for a tracking link. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Both sides are hashed first so the comparison takes the same time whatever the presented length. */
export function tokensMatch(presented: string, stored: string): boolean {
  if (!presented || !stored) return false;
  return timingSafeEqual(digest(presented), digest(stored));
}
