import { describe, expect, it } from 'vitest';
import { ByteBudgetCache } from './byte-budget-cache.ts';

const cache = (budget: number) => new ByteBudgetCache<string>(budget, (text) => text.length);

describe('kept answers within a byte budget', () => {
  it('lets the least recently kept go first, as many as the new entry needs', () => {
    const kept = cache(10);
    kept.keep('a', 'aaaa');
    kept.keep('b', 'bbb');
    kept.keep('c', 'cc');
    // Taken and kept again: now the most recent.
    kept.keep('a', kept.take('a')!);
    kept.keep('d', 'dddddd');
    expect(kept.take('b')).toBeUndefined();
    expect(kept.take('c')).toBeUndefined();
    expect(kept.take('a')).toBe('aaaa');
    expect(kept.take('d')).toBe('dddddd');
    expect(kept.bytes).toBe(0);
  });

  it('counts only what is kept: a taken entry frees its bytes, one kept back under its key counts once', () => {
    const kept = cache(10);
    kept.keep('a', 'aaaa');
    kept.keep('b', 'bbbbbb');
    expect(kept.bytes).toBe(10);
    const taken = kept.take('a')!;
    expect(kept.bytes).toBe(6);
    // Brought up to date at another size while out, then kept back: 'b' goes to make room for it.
    kept.keep('a', `${taken}a`);
    expect(kept.bytes).toBe(5);
    expect(kept.take('b')).toBeUndefined();
    kept.keep('a', 'aa');
    expect(kept.bytes).toBe(2);
  });

  it('keeps an entry larger than the budget alone, and clears', () => {
    const kept = cache(4);
    kept.keep('a', 'aa');
    kept.keep('big', 'bbbbbbbb');
    expect(kept.take('a')).toBeUndefined();
    expect(kept.bytes).toBe(8);
    kept.clear();
    expect(kept.bytes).toBe(0);
    expect(kept.take('big')).toBeUndefined();
  });
});
