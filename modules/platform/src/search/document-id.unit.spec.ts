import { describe, expect, it } from 'vitest';
import { idOfKey, numericId } from './document-id.ts';

describe('document ids and their sort keys', () => {
  it('gives back every id from the key it is stored under', () => {
    for (const id of [
      '0',
      '7',
      '42',
      '971091',
      '999999999999999',
      '1000000000000000',
      '0042',
      '-1',
      '1e3',
      '1.5',
      ' 1',
      'abc',
      'evt-42',
    ]) {
      expect(idOfKey(numericId(id) ?? id)).toBe(id);
    }
  });

  it('keys canonical integers of up to 15 digits as numbers, other ids as themselves', () => {
    expect(numericId('42')).toBe(42);
    expect(numericId('1000000000000000')).toBeNull();
    expect(numericId('0042')).toBeNull();
  });
});
