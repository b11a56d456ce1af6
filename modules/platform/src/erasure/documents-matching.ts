/**
 * Every document of a collection that passes a test, read in pages of ids. For erasure, where the address a
 * person gave is compared the way the module compares it (case, spaces) rather than as stored, so no index
 * answers it; an erasure is rare and may read a collection once.
 */
import type { Collection } from '../store/collection.ts';
import type { DocumentReader, Stored } from '../store/document-store.port.ts';
import { normaliseAddress, type ErasureSubject } from './person-erasure.ts';

const PAGE = 500;

export async function documentsMatching<T>(
  reader: DocumentReader,
  collection: Collection<T>,
  test: (document: Stored<T>) => boolean,
): Promise<Array<Stored<T>>> {
  const found: Array<Stored<T>> = [];
  let after: string | null = null;
  for (;;) {
    const page: Array<Stored<T>> = await collection.find(reader, {
      ...(after === null ? {} : { where: { id: { gt: after } } }),
      sort: [{ field: 'id', direction: 'asc' }],
      limit: PAGE,
    });
    found.push(...page.filter(test));
    if (page.length < PAGE) return found;
    after = page[page.length - 1]!.id;
  }
}

/** The documents a person sent: those whose address, compared as addresses are (`normaliseAddress`), is theirs. */
export function documentsSentBy<T>(
  reader: DocumentReader,
  collection: Collection<T>,
  subject: ErasureSubject,
  addressOf: (document: Stored<T>) => string,
): Promise<Array<Stored<T>>> {
  const address = normaliseAddress(subject.email);
  return documentsMatching(reader, collection, (document) => normaliseAddress(addressOf(document)) === address);
}
