import { describe, expect, it } from 'vitest';
import type { Stored } from '../store/document-store.port.ts';
import { eraseDocuments } from './erase-documents.ts';

interface Note {
  author: string;
  phone: string | null;
}

const note = (id: string, author: string, phone: string | null): Stored<Note> => ({
  id,
  version: 1,
  created_at: '2025-06-01T10:00:00.000Z',
  updated_at: '2025-06-01T10:00:00.000Z',
  author,
  phone,
});

describe('eraseDocuments', () => {
  it('removes each document through the delete command and reports all it found', async () => {
    const removed: string[] = [];
    const report = await eraseDocuments({
      module: 'notes',
      kind: 'notes',
      topic: 'evently.notes',
      documents: [note('n1', 'Ana Ruiz', '+34 600 000 000'), note('n2', 'A. Ruiz', null)],
      // The second was deleted meanwhile: it is not counted, but its messages are still the person's.
      remove: async (id) => {
        removed.push(id);
        return id === 'n1';
      },
      contacts: (document) => (document.phone ? [document.phone] : []),
      names: (document) => [document.author],
    });
    expect(removed).toEqual(['n1', 'n2']);
    expect(report).toEqual({
      module: 'notes',
      removed: { notes: 1 },
      aggregates: [
        { topic: 'evently.notes', key: 'n1' },
        { topic: 'evently.notes', key: 'n2' },
      ],
      contacts: ['+34 600 000 000'],
      names: ['Ana Ruiz', 'A. Ruiz'],
    });
  });
});
