import { describe, expect, it } from 'vitest';
import { byteSetOf, integerCount, parseIntegers } from './integer-list.ts';

describe('integer lists', () => {
  it('count and parse group_concat text, negatives and empty included', () => {
    for (const [text, values] of [
      ['', []],
      ['7', [7]],
      ['3,10,250', [3, 10, 250]],
      ['-5,0,42', [-5, 0, 42]],
      ['1764158400000', [1764158400000]],
    ] as const) {
      const into = new Float64Array(integerCount(text));
      parseIntegers(text, into);
      expect([...into]).toEqual(values);
    }
  });

  it('mark the listed values of a list given as bytes, in any order, repeats counted once', () => {
    const bytes = (text: string) => Buffer.from(text, 'latin1');
    const marked = (set: Buffer) => [...set.keys()].filter((i) => set[i] === 1);
    expect(byteSetOf(null)).toEqual({ set: Buffer.alloc(1), size: 0 });
    expect(byteSetOf(bytes(''))).toEqual({ set: Buffer.alloc(1), size: 0 });
    for (const [text, values] of [
      ['0', [0]],
      ['7', [7]],
      ['3,10,250', [3, 10, 250]],
      ['1,2,1000000', [1, 2, 1000000]],
      ['40,5,9', [5, 9, 40]],
      ['12,12,3', [3, 12]],
    ] as const) {
      const { set, size } = byteSetOf(bytes(text));
      expect(marked(set)).toEqual(values);
      expect(size).toBe(values.length);
      expect(set.length).toBe(Math.max(...values) + 1);
    }
  });
});
