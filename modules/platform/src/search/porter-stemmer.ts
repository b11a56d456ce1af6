/**
 * Martin Porter's stemming algorithm (1980), as in his reference implementation including its two departures
 * ("bli" -> "ble", "logi" -> "log"), which is also what Elasticsearch's `porter_stem` filter runs. The
 * embedded engine does not stem its index (an FTS5 `porter` tokenizer would break prefix matching: "festiva"
 * would no longer find "festival", which is indexed as "festiv"); it stems query words instead and looks up
 * the word forms that share their stem (`stem-forms.ts`). Words other than lower-case a-z are returned as
 * they are.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

class Stemmer {
  private b: string[];
  private k: number;
  private j = 0;

  constructor(word: string) {
    this.b = [...word];
    this.k = this.b.length - 1;
  }

  run(): string {
    if (this.k <= 1) return this.b.join('');
    this.step1ab();
    if (this.k > 0) {
      this.step1c();
      this.step2();
      this.step3();
      this.step4();
      this.step5();
    }
    return this.b.slice(0, this.k + 1).join('');
  }

  /** Whether b[i] is a consonant; 'y' is one at the start or after a vowel. */
  private cons(i: number): boolean {
    const ch = this.b[i]!;
    if (VOWELS.has(ch)) return false;
    if (ch === 'y') return i === 0 ? true : !this.cons(i - 1);
    return true;
  }

  /** The number of vowel-consonant sequences in b[0..j]. */
  private m(): number {
    let n = 0;
    let i = 0;
    for (;;) {
      if (i > this.j) return n;
      if (!this.cons(i)) break;
      i++;
    }
    i++;
    for (;;) {
      for (;;) {
        if (i > this.j) return n;
        if (this.cons(i)) break;
        i++;
      }
      i++;
      n++;
      for (;;) {
        if (i > this.j) return n;
        if (!this.cons(i)) break;
        i++;
      }
      i++;
    }
  }

  private vowelInStem(): boolean {
    for (let i = 0; i <= this.j; i++) if (!this.cons(i)) return true;
    return false;
  }

  private doubleConsonant(i: number): boolean {
    return i >= 1 && this.b[i] === this.b[i - 1] && this.cons(i);
  }

  /** Consonant-vowel-consonant ending at i, the last not w, x or y ("hop", not "snow"). */
  private cvc(i: number): boolean {
    if (i < 2 || !this.cons(i) || this.cons(i - 1) || !this.cons(i - 2)) return false;
    const ch = this.b[i];
    return ch !== 'w' && ch !== 'x' && ch !== 'y';
  }

  /** Whether b[0..k] ends with s; sets j to the index before the suffix when it does. */
  private ends(s: string): boolean {
    const length = s.length;
    if (length > this.k + 1) return false;
    for (let i = 0; i < length; i++) if (this.b[this.k - length + 1 + i] !== s[i]) return false;
    this.j = this.k - length;
    return true;
  }

  /** Replaces b[j+1..k] with s. */
  private setTo(s: string): void {
    this.b.splice(this.j + 1, this.b.length - this.j - 1, ...s);
    this.k = this.j + s.length;
  }

  private replaceIfMeasured(s: string): void {
    if (this.m() > 0) this.setTo(s);
  }

  /** Plurals and -ed/-ing. */
  private step1ab(): void {
    if (this.b[this.k] === 's') {
      if (this.ends('sses')) this.k -= 2;
      else if (this.ends('ies')) this.setTo('i');
      else if (this.b[this.k - 1] !== 's') this.k--;
    }
    if (this.ends('eed')) {
      if (this.m() > 0) this.k--;
    } else if ((this.ends('ed') || this.ends('ing')) && this.vowelInStem()) {
      this.k = this.j;
      if (this.ends('at')) this.setTo('ate');
      else if (this.ends('bl')) this.setTo('ble');
      else if (this.ends('iz')) this.setTo('ize');
      else if (this.doubleConsonant(this.k)) {
        this.k--;
        const ch = this.b[this.k];
        if (ch === 'l' || ch === 's' || ch === 'z') this.k++;
      } else if (this.m() === 1 && this.cvc(this.k)) this.setTo('e');
    }
    this.b.length = this.k + 1;
  }

  /** Terminal y to i when the stem has a vowel. */
  private step1c(): void {
    if (this.ends('y') && this.vowelInStem()) this.b[this.k] = 'i';
  }

  private firstOf(pairs: Array<[string, string]>): void {
    for (const [suffix, replacement] of pairs) {
      if (this.ends(suffix)) {
        this.replaceIfMeasured(replacement);
        return;
      }
    }
  }

  /** Double suffixes to single ones. */
  private step2(): void {
    const table: Record<string, Array<[string, string]>> = {
      a: [
        ['ational', 'ate'],
        ['tional', 'tion'],
      ],
      c: [
        ['enci', 'ence'],
        ['anci', 'ance'],
      ],
      e: [['izer', 'ize']],
      l: [
        ['bli', 'ble'],
        ['alli', 'al'],
        ['entli', 'ent'],
        ['eli', 'e'],
        ['ousli', 'ous'],
      ],
      o: [
        ['ization', 'ize'],
        ['ation', 'ate'],
        ['ator', 'ate'],
      ],
      s: [
        ['alism', 'al'],
        ['iveness', 'ive'],
        ['fulness', 'ful'],
        ['ousness', 'ous'],
      ],
      t: [
        ['aliti', 'al'],
        ['iviti', 'ive'],
        ['biliti', 'ble'],
      ],
      g: [['logi', 'log']],
    };
    const pairs = table[this.b[this.k - 1] ?? ''];
    if (pairs) this.firstOf(pairs);
  }

  /** -ic-, -full, -ness and the like. */
  private step3(): void {
    const table: Record<string, Array<[string, string]>> = {
      e: [
        ['icate', 'ic'],
        ['ative', ''],
        ['alize', 'al'],
      ],
      i: [['iciti', 'ic']],
      l: [
        ['ical', 'ic'],
        ['ful', ''],
      ],
      s: [['ness', '']],
    };
    const pairs = table[this.b[this.k] ?? ''];
    if (pairs) this.firstOf(pairs);
  }

  /** -ant, -ence and the like, when the remaining stem is long enough (m > 1). */
  private step4(): void {
    const table: Record<string, string[]> = {
      a: ['al'],
      c: ['ance', 'ence'],
      e: ['er'],
      i: ['ic'],
      l: ['able', 'ible'],
      n: ['ant', 'ement', 'ment', 'ent'],
      s: ['ism'],
      t: ['ate', 'iti'],
      u: ['ous'],
      v: ['ive'],
      z: ['ize'],
    };
    const ch = this.b[this.k - 1] ?? '';
    let found = false;
    if (ch === 'o') {
      found =
        (this.ends('ion') && this.j >= 0 && (this.b[this.j] === 's' || this.b[this.j] === 't')) || this.ends('ou');
    } else {
      found = (table[ch] ?? []).some((suffix) => this.ends(suffix));
    }
    if (found && this.m() > 1) this.k = this.j;
  }

  /** A final -e, and -ll to -l, on long enough stems. */
  private step5(): void {
    this.j = this.k;
    if (this.b[this.k] === 'e') {
      const a = this.m();
      if (a > 1 || (a === 1 && !this.cvc(this.k - 1))) this.k--;
    }
    if (this.b[this.k] === 'l' && this.doubleConsonant(this.k) && this.m() > 1) this.k--;
  }
}

export function porterStem(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  return new Stemmer(word).run();
}
