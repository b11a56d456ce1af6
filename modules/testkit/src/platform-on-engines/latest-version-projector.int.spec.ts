/** The latest-version read model on the real embedded search index: order tolerance and a streamed rebuild. */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Delivered,
  type SearchIndex,
  createLatestVersionProjector,
  type VersionedDocument,
} from '@evently/platform';
import { createSqliteSearchIndex } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

interface Note extends VersionedDocument {
  text: string;
}

let offset = 0;
const message = (key: string, version: number, text: string | null, topic = 'notes'): Delivered => ({
  id: `m${++offset}`,
  topic,
  key,
  type: 'NoteWritten',
  version: 1,
  aggregate_version: version,
  data: { text },
  metadata: { occurred_at: '2026-11-23T10:00:00Z' },
  offset: String(offset),
});

describe('latest-version projector', () => {
  let search: SearchIndex;
  let remove: () => Promise<void>;
  const projector = () =>
    createLatestVersionProjector<Note>({
      name: 'notes',
      topic: 'notes',
      index: 'notes',
      search,
      // A null text stands for a message this read model keeps nothing for.
      documentFor: (m) => {
        const text = (m.data as { text: string | null }).text;
        return text === null ? null : { id: m.key, text, aggregate_version: m.aggregate_version };
      },
    });
  const texts = async () => {
    const found = await search.getMany('notes', ['a', 'b', 'c']);
    return Object.fromEntries([...found].map(([id, doc]) => [id, doc.text]));
  };

  beforeEach(async () => {
    const dir = await createTempDataDir('evently-latest-');
    remove = dir.remove;
    search = createSqliteSearchIndex({ file: join(dir.dir, 'search.db') });
    await search.init({ name: 'notes', fields: { text: { type: 'text' } } });
  });
  afterEach(async () => {
    await search.close();
    await remove();
  });

  it('keeps the newest version per key within a batch and across batches, whatever the order', async () => {
    const notes = projector();
    await notes.apply([
      message('a', 2, 'a2'),
      message('a', 1, 'a1'),
      message('b', 1, 'b1'),
      message('c', 1, null),
      message('a', 1, 'x', 'other'),
    ]);
    expect(await texts()).toEqual({ a: 'a2', b: 'b1' });
    // Redelivered and late older messages change nothing.
    await notes.apply([message('a', 1, 'a1'), message('b', 1, 'b1-again'), message('b', 2, 'b2')]);
    expect(await texts()).toEqual({ a: 'a2', b: 'b2' });
  });

  it('a rebuild streams into the new copy, reading it back, while the live projector feeds the old copy until the swap', async () => {
    const notes = projector();
    await notes.apply([message('a', 1, 'stale'), message('b', 1, 'b1')]);
    const copy = await notes.beginRebuild!();
    await copy.apply([message('a', 3, 'a3')]);
    // Older than what the copy already holds: only a read of the copy (not the live index) can tell.
    await copy.apply([message('a', 2, 'a2')]);
    // The live projector keeps feeding the serving copy meanwhile.
    await notes.apply([message('b', 2, 'b2')]);
    expect(await texts()).toEqual({ a: 'stale', b: 'b2' });
    await copy.finish();
    expect(await texts()).toEqual({ a: 'a3' });
  });
});
