import { describe, expect, it } from 'vitest';
import { whileBusySync } from './while-busy.ts';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('whileBusySync', () => {
  it('tries a statement SQLite refused as busy again until it goes through', () => {
    let calls = 0;
    const result = whileBusySync(() => {
      calls += 1;
      if (calls < 3) throw busy();
      return 'wal';
    });
    expect(result).toBe('wal');
    expect(calls).toBe(3);
  });

  it('passes any other failure on at once', () => {
    let calls = 0;
    const failure = Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
    expect(() =>
      whileBusySync(() => {
        calls += 1;
        throw failure;
      }),
    ).toThrow(failure);
    expect(calls).toBe(1);
  });

  it('gives up with SQLite own error once its time is spent', () => {
    expect(() =>
      whileBusySync(() => {
        throw busy();
      }, 30),
    ).toThrow('database is locked');
  });
});
