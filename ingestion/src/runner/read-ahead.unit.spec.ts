import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

describe('readAhead', () => {
  it('starts producing the next item before the current one is consumed, in order', async () => {
    const log: string[] = [];
    async function* pages() {
      for (const page of [1, 2, 3]) {
        log.push(`fetch ${page}`);
        yield page;
      }
    }
    for await (const page of readAhead(pages())) log.push(`write ${page}`);
    expect(log).toEqual(['fetch 1', 'fetch 2', 'write 1', 'fetch 3', 'write 2', 'write 3']);
  });

  it('surfaces a failure of the page read ahead when that page is reached', async () => {
    async function* pages() {
      yield 1;
      throw new Error('page 2 failed');
    }
    const seen: number[] = [];
    await expect(async () => {
      for await (const page of readAhead(pages())) seen.push(page);
    }).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });
});
