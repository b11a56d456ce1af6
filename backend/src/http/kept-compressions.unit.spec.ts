import { describe, expect, it } from 'vitest';
import { keptCompressions, type KeptCompressions } from './kept-compressions.ts';

const bytes = (text: string) => Buffer.from(`compressed ${text}`);
/** Texts of one length that differ only in their content, as answers of one size do. */
const page = (n: number) => `{"data":[${String(n).padStart(6, '0')}]}`;
/** Kept as the answer of a URL asked for a second time (the first ask only makes the URL known). */
const keepAsked = (kept: KeptCompressions, encoding: string, text: string, compressed: Buffer) => {
  kept.keep(encoding, text, compressed, `/api/events?for=${text}`);
  kept.keep(encoding, text, compressed, `/api/events?for=${text}`);
};

describe('kept compressions', () => {
  it('given an answer whose URL was not asked for before, then it is not kept; asked again, it is', () => {
    const kept = keptCompressions({ entries: 4, textChars: 1_000 });
    kept.keep('br', page(1), bytes(page(1)), '/api/events?lat=1');
    kept.keep('br', page(1), bytes(page(1)), '/api/events?lat=2');
    expect(kept.get('br', page(1))).toBeUndefined();
    kept.keep('br', page(1), bytes(page(1)), '/api/events?lat=1');
    expect(kept.get('br', page(1))).toEqual(bytes(page(1)));
  });

  it('given a kept answer, then the same text in the same encoding gets its bytes, another text or encoding none', () => {
    const kept = keptCompressions({ entries: 4, textChars: 1_000 });
    keepAsked(kept, 'br', page(1), bytes(page(1)));
    expect(kept.get('br', page(1))).toEqual(bytes(page(1)));
    // An equal text built anew, not the same string object.
    expect(kept.get('br', `{"data":[${'000001'}]}`)).toEqual(bytes(page(1)));
    expect(kept.get('br', page(2))).toBeUndefined();
    expect(kept.get('gzip', page(1))).toBeUndefined();
  });

  it('given more answers than it keeps, then the least recently used leave first', () => {
    const kept = keptCompressions({ entries: 2, textChars: 1_000 });
    keepAsked(kept, 'br', page(1), bytes(page(1)));
    keepAsked(kept, 'br', page(2), bytes(page(2)));
    kept.get('br', page(1));
    keepAsked(kept, 'br', page(3), bytes(page(3)));
    expect(kept.get('br', page(2))).toBeUndefined();
    expect(kept.get('br', page(1))).toEqual(bytes(page(1)));
    expect(kept.get('br', page(3))).toEqual(bytes(page(3)));
  });

  it('given texts longer together than it may hold, then the oldest leave, and a text longer alone is not kept', () => {
    const size = page(1).length;
    const kept = keptCompressions({ entries: 10, textChars: 2 * size });
    keepAsked(kept, 'br', page(1), bytes(page(1)));
    keepAsked(kept, 'br', page(2), bytes(page(2)));
    keepAsked(kept, 'br', page(3), bytes(page(3)));
    expect(kept.get('br', page(1))).toBeUndefined();
    expect(kept.get('br', page(2))).toBeDefined();
    expect(kept.get('br', page(3))).toBeDefined();
    const long = 'x'.repeat(2 * size + 1);
    keepAsked(kept, 'br', long, bytes(long));
    expect(kept.get('br', long)).toBeUndefined();
    expect(kept.get('br', page(3))).toBeDefined();
  });

  it('given a text kept in one encoding and then another, then only the latest encoding is kept for it', () => {
    const kept = keptCompressions({ entries: 4, textChars: 1_000 });
    keepAsked(kept, 'br', page(1), bytes('br'));
    keepAsked(kept, 'gzip', page(1), bytes('gzip'));
    expect(kept.get('br', page(1))).toBeUndefined();
    expect(kept.get('gzip', page(1))).toEqual(bytes('gzip'));
  });
});
