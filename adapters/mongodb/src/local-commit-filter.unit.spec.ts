import { describe, expect, it } from 'vitest';
import { createLocalCommitFilter } from './local-commit-filter.ts';

describe('createLocalCommitFilter', () => {
  it('recognises each registered sequence number once', () => {
    const filter = createLocalCommitFilter(60_000);
    filter.expect(['7', '8'], 0);
    expect(filter.consume('7')).toBe(true);
    expect(filter.consume('7')).toBe(false);
    expect(filter.consume('9')).toBe(false);
    expect(filter.consume('8')).toBe(true);
  });

  it('forgets numbers whose change event never came', () => {
    const filter = createLocalCommitFilter(1_000);
    filter.expect(['1'], 0);
    filter.expect(['2'], 5_000);
    expect(filter.consume('1')).toBe(false);
    expect(filter.consume('2')).toBe(true);
  });

  it('clear forgets everything', () => {
    const filter = createLocalCommitFilter(1_000);
    filter.expect(['1', '2'], 0);
    filter.clear();
    expect(filter.consume('1')).toBe(false);
  });
});
