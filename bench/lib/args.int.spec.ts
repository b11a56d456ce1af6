import { describe, expect, it } from 'vitest';
import { numberArg, subsetArg } from './args.ts';
import { UsageError } from './run-bench.ts';

const TYPES = ['keyword_only', 'near_me', 'map_page'];

describe('bench options', () => {
  it('takes a subset of the known names, and nothing when the option is absent', () => {
    expect(subsetArg(['--only', 'near_me,map_page'], 'only', TYPES)).toEqual(new Set(['near_me', 'map_page']));
    expect(subsetArg(['--seconds', '4'], 'only', TYPES)).toBeNull();
  });

  it('refuses a name it does not know, naming the ones it does', () => {
    const call = () => subsetArg(['--only', 'near_me,keywrd_only'], 'only', TYPES);
    expect(call).toThrow(UsageError);
    expect(call).toThrow('--only near_me,keywrd_only: no keywrd_only; one or more of keyword_only, near_me, map_page');
  });

  it('refuses an empty list', () => {
    expect(() => subsetArg(['--only', ','], 'only', TYPES)).toThrow(UsageError);
  });

  it('refuses a number that is not above 0', () => {
    expect(() => numberArg(['--rate', '0'], 'rate', 1)).toThrow('--rate needs a positive number');
    expect(numberArg(['--rate', '150'], 'rate', 1)).toBe(150);
  });
});
