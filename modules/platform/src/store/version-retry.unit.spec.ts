import { describe, expect, it } from 'vitest';
import { ConcurrencyError, UniqueConstraintError } from './document-store.port.ts';
import { withVersionRetry } from './version-retry.ts';

/** An attempt that loses `losses` races with `error` before it succeeds. */
function losing(losses: number, error: () => Error) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= losses) throw error();
    return calls;
  };
  return { attempt, calls: () => calls };
}
const conflict = () => new ConcurrencyError('things', 't1', 1);
const taken = () => new UniqueConstraintError('things', ['slug']);

describe('withVersionRetry', () => {
  it('given lost version races, then it runs again until the attempt succeeds', async () => {
    const run = losing(4, conflict);
    await expect(withVersionRetry(run.attempt)).resolves.toBe(5);
  });

  it('given a conflict on every attempt, then the last conflict is thrown after the allowed attempts', async () => {
    const run = losing(10, conflict);
    await expect(withVersionRetry(run.attempt, { attempts: 3 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(run.calls()).toBe(3);
  });

  it('given a taken unique key, then it is thrown at once unless unique conflicts are retried too', async () => {
    const once = losing(1, taken);
    await expect(withVersionRetry(once.attempt)).rejects.toBeInstanceOf(UniqueConstraintError);
    expect(once.calls()).toBe(1);
    await expect(withVersionRetry(losing(1, taken).attempt, { onUniqueConflict: true })).resolves.toBe(2);
  });

  it('given any other failure, then it is thrown at once', async () => {
    const run = losing(1, () => new Error('disk full'));
    await expect(withVersionRetry(run.attempt)).rejects.toThrow('disk full');
    expect(run.calls()).toBe(1);
  });
});
