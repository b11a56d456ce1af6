import { describe, expect, it } from 'vitest';
import { readStoredFlag, writeStoredFlag } from './stored-flag.ts';

describe('a stored yes/no choice', () => {
  it('is no until set, then reads back what was written', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(readStoredFlag('choice', storage)).toBe(false);
    writeStoredFlag('choice', true, storage);
    expect(values.get('choice')).toBe('true');
    expect(readStoredFlag('choice', storage)).toBe(true);
    writeStoredFlag('choice', false, storage);
    expect(readStoredFlag('choice', storage)).toBe(false);
  });

  it('reads no and writes nothing, without throwing, when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readStoredFlag('choice', refusing)).toBe(false);
    expect(() => writeStoredFlag('choice', true, refusing)).not.toThrow();
  });
});
