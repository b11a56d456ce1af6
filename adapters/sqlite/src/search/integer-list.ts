/**
 * Integer lists that cross from SQLite as one comma-separated text (`group_concat` of INTEGER values): at a
 * million rows that costs about half of returning them as rows, one value each (match-sets.ts, keyword-rows.ts).
 * A list cast to a BLOB crosses as bytes: no UTF-8 decoding into a string, and reading bytes from a Buffer
 * beats `charCodeAt` (`byteSetOf`).
 */
const COMMA = 44;
const ZERO = 48;
const MINUS = 45;

/** How many integers the text holds (none for an empty text). */
export function integerCount(text: string): number {
  if (text.length === 0) return 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) commas++;
  return commas + 1;
}

/** Parses the text's integers into `into`, in order, without splitting it into strings. */
export function parseIntegers(text: string, into: { length: number; [i: number]: number }): void {
  if (text.length === 0) return;
  let n = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : COMMA;
    if (code === COMMA) {
      into[n++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === MINUS) {
      negative = true;
    } else {
      value = value * 10 + (code - ZERO);
    }
  }
}

/**
 * A byte per value of a comma-separated list of non-negative integers (the bytes of a `group_concat` cast to a
 * BLOB; null or empty for none): 1 at each listed value, 0 elsewhere, as long as the largest value + 1. Made
 * for ascending lists (FTS5 rowids), whose last value sizes the set without a first pass; any order works.
 */
export function byteSetOf(list: Uint8Array | null): { set: Buffer; size: number } {
  if (list === null || list.length === 0) return { set: Buffer.alloc(1), size: 0 };
  let last = 0;
  let scale = 1;
  for (let i = list.length - 1; i >= 0 && list[i] !== COMMA; i--, scale *= 10) last += (list[i]! - ZERO) * scale;
  let set = Buffer.alloc(last + 1);
  let size = 0;
  let value = 0;
  for (let i = 0; i <= list.length; i++) {
    const code = i < list.length ? list[i]! : COMMA;
    if (code !== COMMA) {
      value = value * 10 + (code - ZERO);
      continue;
    }
    if (value >= set.length) {
      const grown = Buffer.alloc(value + 1);
      set.copy(grown);
      set = grown;
    }
    if (set[value] === 0) size++;
    set[value] = 1;
    value = 0;
  }
  return { set, size };
}
