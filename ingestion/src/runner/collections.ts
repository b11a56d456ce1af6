/** The collections the ingestion workers keep in the DocumentStore (created by `store.init`). */
import type { CollectionSpec } from '@evently/platform';
import { checkpointCollections } from './checkpoint-repository.ts';
import { quarantineCollections } from './quarantine-repository.ts';
import { runCollections } from './run-log.ts';

export const INGESTION_COLLECTIONS: CollectionSpec[] = [
  ...checkpointCollections,
  ...runCollections,
  ...quarantineCollections,
];
