/**
 * The erasure of a module whose person's data is one kind of document (a ticket, a request, a review): each
 * document goes through the module's own delete command, so the log announces it like any deletion and read
 * models follow, and the report names every document found with what it held that identifies the person.
 */
import type { Stored } from '../store/document-store.port.ts';
import type { ModuleErasure } from './person-erasure.ts';

export interface DocumentsErasure<T> {
  module: string;
  /** The kind counted in the report (`tickets`). */
  kind: string;
  /** The topic the documents' messages are on, keyed by document id. */
  topic: string;
  /** The person's documents, as the module finds them by the address. */
  documents: Array<Stored<T>>;
  /** The module's delete command: false when the document was already gone. */
  remove(id: string): Promise<boolean>;
  /** Phone numbers and addresses the document holds. */
  contacts(document: Stored<T>): string[];
  /** Names the document holds. */
  names(document: Stored<T>): string[];
}

export async function eraseDocuments<T>(erasure: DocumentsErasure<T>): Promise<ModuleErasure> {
  const { documents } = erasure;
  let removed = 0;
  for (const document of documents) if (await erasure.remove(document.id)) removed += 1;
  return {
    module: erasure.module,
    removed: { [erasure.kind]: removed },
    aggregates: documents.map((document) => ({ topic: erasure.topic, key: document.id })),
    contacts: documents.flatMap((document) => erasure.contacts(document)),
    names: documents.flatMap((document) => erasure.names(document)),
  };
}
