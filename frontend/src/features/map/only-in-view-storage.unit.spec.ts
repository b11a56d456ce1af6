import { describe, expect, it } from 'vitest';
import { ONLY_IN_VIEW_KEY, readOnlyInView, writeOnlyInView } from './only-in-view-storage.ts';

describe("'Only in view' persistence", () => {
  it('stores the choice under only_in_view and reads it back', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(readOnlyInView(storage)).toBe(false);
    writeOnlyInView(true, storage);
    expect(ONLY_IN_VIEW_KEY).toBe('only_in_view');
    expect(values.get('only_in_view')).toBe('true');
    expect(readOnlyInView(storage)).toBe(true);
  });
});
