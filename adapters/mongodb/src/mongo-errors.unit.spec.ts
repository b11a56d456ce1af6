import { describe, expect, it } from 'vitest';
import { UniqueConstraintError } from '@evently/platform';
import { isDuplicateKeyError, toUniqueConstraintError, translateDuplicateKey } from './mongo-errors.ts';

// The shape MongoDB's driver gives an E11000 error (MongoServerError: code, keyPattern, keyValue).
const duplicate = (keyPattern?: Record<string, number>) =>
  Object.assign(new Error('E11000 duplicate key error'), { code: 11000, keyPattern });

describe('duplicate key translation', () => {
  it('recognises only code 11000', () => {
    expect(isDuplicateKeyError(duplicate({ slug: 1 }))).toBe(true);
    expect(isDuplicateKeyError(Object.assign(new Error('write conflict'), { code: 112 }))).toBe(false);
    expect(isDuplicateKeyError('11000')).toBe(false);
  });

  it('names the fields of the violated index, with _id reported as id', () => {
    const error = toUniqueConstraintError('events', duplicate({ source: 1, external_id: 1 }));
    expect(error).toBeInstanceOf(UniqueConstraintError);
    expect(error.fields).toEqual(['source', 'external_id']);
    expect(toUniqueConstraintError('events', duplicate({ _id: 1 })).fields).toEqual(['id']);
  });

  it('rethrows other errors unchanged', async () => {
    const other = new Error('network');
    await expect(translateDuplicateKey('events', () => Promise.reject(other))).rejects.toBe(other);
    await expect(translateDuplicateKey('events', () => Promise.reject(duplicate({ slug: 1 })))).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
    await expect(translateDuplicateKey('events', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
