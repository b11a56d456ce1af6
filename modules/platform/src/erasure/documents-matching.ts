/**
 * Every document of a collection that passes a test, read in pages of ids. For erasure, where the address a
 * person gave is compared the way the module compares it (case, spaces) rather than as stored, so no index
 * answers it; an erasure is rare and may read a collection once.
 */
import type { Collection } from '../store/collection.ts';
import type { DocumentReader, Stored } from '../store/document-store.port.ts';

const PAGE = 500;

/** `collection` is a typed handle (documents decoded) or, for modules not yet on handles, a name. */
export async function documentsMatching<T>(
  reader: DocumentReader,
  collection: string | Collection<T>,
  test: (document: Stored<T>) => boolean,
): Promise<Array<Stored<T>>> {
  const read = (args: Parameters<DocumentReader['find']>[1]) =>
    typeof collection === 'string' ? reader.find<T>(collection, args) : collection.find(reader, args);
  const found: Array<Stored<T>> = [];
  let after: string | null = null;
  for (;;) {
    const page: Array<Stored<T>> = await read({
      ...(after === null ? {} : { where: { id: { gt: after } } }),
      sort: [{ field: 'id', direction: 'asc' }],
      limit: PAGE,
    });
    found.push(...page.filter(test));
    if (page.length < PAGE) return found;
    after = page[page.length - 1]!.id;
  }
}
