/**
 * `minutes_read`: words of the post body at 200 words a minute, rounded up, never below one minute. Markdown
 * markers (#, **, link targets) are not words a reader reads, so they are dropped before counting.
 */
export const WORDS_PER_MINUTE = 200;

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/\]\([^)]*\)/g, ']') // a link's target is not read
    .replace(/[#*_`>~[\]]/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function minutesRead(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}
