/**
 * The DocumentStore contract against a real MongoDB 7 replica set, through testcontainers. Without a
 * container engine (as on the team's build machines) the suite is reported as skipped, and says so.
 */
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { OutboxRecord, DocumentStore } from '@evently/platform';
import { containerPerSuite, containerRuntimeFor, waitFor, testDocumentStore } from '@evently/platform/testing';
import { createMongoDocumentStore } from './mongo-document-store.ts';
import { startMongoReplicaSet } from './testing/mongo-replica-set-container.ts';

interface Note {
  title: string;
  note?: string;
}

const hasRuntime = await containerRuntimeFor('MongoDB document store contract, mongo:7 replica set');

describe.skipIf(!hasRuntime)('MongoDB document store (mongo:7 single-node replica set)', () => {
  const mongo = containerPerSuite(startMongoReplicaSet);
  const logger = pino({ level: 'warn' });

  /** A store on a database of its own; cleanup drops that database. */
  const openStore = (dbName = `contract_${randomUUID().replaceAll('-', '')}`) => {
    const store = createMongoDocumentStore({ uri: mongo().uri, dbName, logger });
    return { store, dbName };
  };

  const dropDatabase = async (dbName: string) => {
    const connection = await mongoose.createConnection(mongo().uri, { dbName }).asPromise();
    await connection.dropDatabase();
    await connection.close();
  };

  testDocumentStore(async () => {
    const { store, dbName } = openStore();
    return {
      store,
      cleanup: async () => {
        await store.close();
        await dropDatabase(dbName);
      },
    };
  }, 'mongodb');

  describe('MongoDB specifics', () => {
    const record = (key: string): OutboxRecord => ({
      id: randomUUID(),
      topic: 'evently.notes',
      key,
      type: 'NoteSaved',
      version: 1,
      aggregate_version: 1,
      data: { key, 'dotted.key': 1, $dollar: true },
      metadata: { occurred_at: '2026-11-21T12:00:00.000Z' },
    });

    const withTwoProcesses = async (test: (a: DocumentStore, b: DocumentStore) => Promise<void>) => {
      const first = openStore();
      const second = openStore(first.dbName);
      await first.store.init([{ name: 'notes' }]);
      await second.store.init([{ name: 'notes' }]);
      try {
        await test(first.store, second.store);
      } finally {
        await first.store.close();
        await second.store.close();
        await dropDatabase(first.dbName);
      }
    };

    it('a commit in another process wakes this process through the change stream', async () => {
      await withTwoProcesses(async (local, remote) => {
        let wakeups = 0;
        local.outbox.onCommit(() => {
          wakeups += 1;
        });
        // Let the change stream open before the remote commit (it only reports later changes).
        await new Promise((resolve) => setTimeout(resolve, 500));
        await remote.transaction((tx) => tx.appendOutbox([record('n1')]));
        await waitFor(() => wakeups >= 1, 'the change stream to report the remote commit');
        expect((await local.outbox.pending(10)).map((pending) => pending.record.key)).toEqual(['n1']);
      });
    });

    it('keeps outbox data whose keys BSON field names could not hold', async () => {
      await withTwoProcesses(async (store) => {
        await store.transaction((tx) => tx.appendOutbox([record('n2')]));
        const [pending] = await store.outbox.pending(1);
        expect(pending?.record.data).toEqual({ key: 'n2', 'dotted.key': 1, $dollar: true });
      });
    });

    it('a patch setting a field to undefined removes it, as the embedded store does', async () => {
      await withTwoProcesses(async (store) => {
        await store.transaction((tx) => tx.insert<Note>('notes', { id: 'n', title: 'T', note: 'x' }));
        await store.transaction((tx) => tx.update<Note>('notes', 'n', 1, { note: undefined }));
        const stored = await store.get<Note>('notes', 'n');
        expect(stored && 'note' in stored).toBe(false);
      });
    });
  });
});
