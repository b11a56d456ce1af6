import { describe, expect, it } from 'vitest';
import { integerCount, parseIntegers } from './integer-list.ts';

describe('integer lists', () => {
  it('count and parse group_concat text, negatives and empty included', () => {
    for (const [text, values] of [['', []], ['7', [7]], ['3,10,250', [3, 10, 250]], ['-5,0,42', [-5, 0, 42]], ['1764158400000', [1764158400000]]] as const) {
      const into = new Float64Array(integerCount(text));
      parseIntegers(text, into);
      expect([...into]).toEqual(values);
    }
  });
});
