import { describe, expect, it } from 'vitest';
import { fromMongoDocument, newMongoDocument, patchToUpdate } from './mongo-documents.ts';
import { hasDatabaseInUri } from './mongo-document-store.ts';

const now = '2026-11-21T12:00:00.000Z';

describe('newMongoDocument', () => {
  it('keys the document by our id and adds version 1 and both timestamps', () => {
    expect(newMongoDocument({ title: 'Fado night', price: null }, 'e1', now)).toEqual({
      _id: 'e1',
      title: 'Fado night',
      price: null,
      version: 1,
      created_at: now,
      updated_at: now,
    });
  });

  it('ignores metadata and undefined fields a caller passes in the body', () => {
    const document = newMongoDocument({ id: 'other', version: 9, created_at: 'x', note: undefined, a: 1 }, 'e1', now);
    expect(document).toEqual({ _id: 'e1', a: 1, version: 1, created_at: now, updated_at: now });
    expect('note' in document).toBe(false);
  });
});

describe('fromMongoDocument', () => {
  it('turns _id back into id', () => {
    expect(fromMongoDocument({ _id: 'e1', title: 'T', version: 2 })).toEqual({ id: 'e1', title: 'T', version: 2 });
  });
});

describe('patchToUpdate', () => {
  it('sets the patched fields and the update time and increments the version', () => {
    expect(patchToUpdate({ title: 'New', venue: { name: 'Coliseu' } }, now)).toEqual({
      $set: { updated_at: now, title: 'New', venue: { name: 'Coliseu' } },
      $inc: { version: 1 },
    });
  });

  it('removes fields patched to undefined, as the JSON merge of the embedded store does', () => {
    expect(patchToUpdate({ note: undefined, price: null }, now)).toEqual({
      $set: { updated_at: now, price: null },
      $unset: { note: '' },
      $inc: { version: 1 },
    });
  });

  it('never lets a patch touch the metadata', () => {
    expect(patchToUpdate({ id: 'x', _id: 'y', version: 7, created_at: 'z', updated_at: 'w' }, now)).toEqual({
      $set: { updated_at: now },
      $inc: { version: 1 },
    });
  });

  it('refuses keys that MongoDB would read as a path or an operator', () => {
    expect(() => patchToUpdate({ 'a.b': 1 }, now)).toThrow(/Invalid field name/);
    expect(() => patchToUpdate({ $set: {} }, now)).toThrow(/Invalid field name/);
  });
});

describe('hasDatabaseInUri', () => {
  it('tells whether the connection string names a database', () => {
    expect(hasDatabaseInUri('mongodb://mongo:27017/evently?replicaSet=rs0')).toBe(true);
    expect(hasDatabaseInUri('mongodb+srv://u:p@cluster.example.net/app')).toBe(true);
    expect(hasDatabaseInUri('mongodb://mongo:27017/?replicaSet=rs0')).toBe(false);
    expect(hasDatabaseInUri('mongodb://mongo:27017')).toBe(false);
  });
});
