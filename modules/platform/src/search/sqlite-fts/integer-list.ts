/**
 * Integer lists that cross from SQLite as one comma-separated text (`group_concat` of INTEGER values): at a
 * million rows that costs about half of returning them as rows, one value each (match-sets.ts, keyword-rows.ts).
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
