import { describe, expect, it } from 'vitest';
import { WORDS_PER_MINUTE, countWords, minutesRead } from './reading-time.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('minutesRead', () => {
  it('is at least one minute, even for an empty body', () => {
    expect(minutesRead('')).toBe(1);
    expect(minutesRead('Hi')).toBe(1);
  });

  it.each([
    [WORDS_PER_MINUTE, 1],
    [WORDS_PER_MINUTE + 1, 2],
    [WORDS_PER_MINUTE * 5, 5],
    [WORDS_PER_MINUTE * 5 + 10, 6],
  ])('%i words read in %i minutes (rounded up)', (count, minutes) => {
    expect(minutesRead(words(count))).toBe(minutes);
  });

  it('does not count Markdown markers, emoji or link targets as words', () => {
    expect(countWords('# Title\n**bold** and _em_ 🎉 [a link](https://example.com/a/very/long/target) - *')).toBe(6);
  });

  it('counts words in any script', () => {
    expect(countWords('Olá São Paulo, Köln 2026')).toBe(5);
  });
});
