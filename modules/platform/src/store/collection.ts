/**
 * A typed handle on one collection: its storage spec and the zod schema of its documents, declared once.
 * Reads decode what the store returns with the schema (plus the store's metadata), so a document that does
 * not match fails where it is read instead of travelling on behind a cast, and fields the schema does not
 * name are left out; writes take the typed body. The handle works on the store and inside a transaction.
 */
import { z } from 'zod';
import type {
  CollectionSpec,
  DocumentBody,
  DocumentReader,
  DocumentTransaction,
  FindArgs,
  Stored,
  Where,
} from './document-store.port.ts';

const documentMetaSchema = z.object({
  id: z.string().min(1),
  version: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});

export interface Collection<T> {
  readonly name: string;
  /** What `DocumentStore.init` needs: the name, unique keys and indexes. */
  readonly spec: CollectionSpec;
  /** A stored document as the module may use it, or a thrown ZodError naming what does not match. */
  decode(document: unknown): Stored<T>;
  get(reader: DocumentReader, id: string): Promise<Stored<T> | null>;
  findOne(reader: DocumentReader, where: Where): Promise<Stored<T> | null>;
  find(reader: DocumentReader, args?: FindArgs): Promise<Array<Stored<T>>>;
  count(reader: DocumentReader, where?: Where): Promise<number>;
  insert(tx: DocumentTransaction, body: DocumentBody<T> & { id?: string }): Promise<Stored<T>>;
  update(
    tx: DocumentTransaction,
    id: string,
    expectedVersion: number,
    patch: Partial<DocumentBody<T>>,
  ): Promise<Stored<T>>;
  delete(tx: DocumentTransaction, id: string, expectedVersion?: number): Promise<boolean>;
}

/** `schema` describes the document's own fields; the store's metadata (id, version, times) is added to it. */
export function defineCollection<T>(spec: CollectionSpec & { schema: z.ZodType<T> }): Collection<T> {
  const { schema, ...storage } = spec;
  const { name } = storage;
  const decode = (document: unknown): Stored<T> =>
    ({ ...schema.parse(document), ...documentMetaSchema.parse(document) }) as Stored<T>;
  const decodeOrNull = (document: unknown) => (document === null ? null : decode(document));
  return {
    name,
    spec: storage,
    decode,
    get: async (reader, id) => decodeOrNull(await reader.get(name, id)),
    findOne: async (reader, where) => decodeOrNull(await reader.findOne(name, where)),
    find: async (reader, args) => (await reader.find(name, args)).map(decode),
    count: (reader, where) => reader.count(name, where),
    insert: async (tx, body) => decode(await tx.insert<T>(name, body)),
    update: async (tx, id, expectedVersion, patch) => decode(await tx.update<T>(name, id, expectedVersion, patch)),
    delete: (tx, id, expectedVersion) => tx.delete(name, id, expectedVersion),
  };
}
