import { describe, expect, it } from 'vitest';
import { MAX_CURSOR_LENGTH, SearchCursorError, decodeCursor, encodeCursor, type CursorSlot } from './search-cursor.ts';

const order = 'date asc|id asc';
const slots: CursorSlot[] = ['number', 'number|string'];

describe('search cursor', () => {
  it('round-trips strings, numbers and null as url-safe text', () => {
    const values = [1_900_000_000_000, 'café "müller"', null, 42.125, 8_640_000_000_000_001];
    const cursor = encodeCursor(order, values);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, order, ['number', 'string', 'string|null', 'number|null', 'number|string'])).toEqual(
      values,
    );
  });

  it('refuses a cursor made for another order', () => {
    const cursor = encodeCursor(order, [1, 2]);
    expect(() => decodeCursor(cursor, 'date desc|id desc', slots)).toThrow(/another sort order/);
  });

  it('refuses forged, mangled and oversized cursors with SearchCursorError', () => {
    const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const fingerprint = JSON.parse(Buffer.from(encodeCursor(order, []), 'base64url').toString()) as [string];
    for (const cursor of [
      '',
      'not base64!',
      'x'.repeat(MAX_CURSOR_LENGTH + 1),
      forged({ a: 1 }),
      forged([fingerprint[0], 1]),
      forged([fingerprint[0], 1, { nested: true }]),
      forged([fingerprint[0], 1, 2, 3]),
      forged([fingerprint[0], 'a date?', 2]),
      forged([fingerprint[0], null, 2]),
      forged([fingerprint[0], 1, null]),
      Buffer.from('[not json').toString('base64url'),
    ]) {
      expect(() => decodeCursor(cursor, order, slots), cursor).toThrow(SearchCursorError);
    }
  });
});
