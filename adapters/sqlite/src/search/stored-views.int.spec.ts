import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempDataDir } from '@evently/platform/testing';
import type { IndexDocument, IndexSchema, SearchIndex, SearchQuery } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { projectionJson } from './document-row.ts';

let dataDir: { dir: string; remove: () => Promise<void> };
let files = 0;
const nextFile = () => join(dataDir.dir, `views-${files++}.sqlite`);

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-search-views-');
});
afterAll(async () => {
  await dataDir.remove();
});

const CARD = ['name', 'city', 'price', 'start', 'offers', 'note', 'empty', 'odd'];

const schema = (views?: IndexSchema['views']): IndexSchema => ({
  name: 'events',
  fields: {
    name: { type: 'text', sortable: true },
    city: { type: 'keyword' },
    price: { type: 'number' },
    start: { type: 'date' },
    location: { type: 'geo' },
  },
  ...(views ? { views } : {}),
});

/** Documents with missing, null, nested, numeric and unicode oddities, keys in varying orders. */
const makeDoc = (n: number, overrides: Record<string, unknown> = {}): IndexDocument => ({
  id: String(n),
  name: `Event ${n}`,
  start: `2030-01-${String((n % 28) + 1).padStart(2, '0')}T20:00:00Z`,
  location: { lat: 52.5 + n / 1000, lon: 13.4 },
  ...overrides,
});

const oddDocs: IndexDocument[] = [
  makeDoc(1, {
    city: 'Berlin',
    price: 25,
    offers: [{ seller: 'A', price: 0.1 + 0.2, tags: ['x', null] }],
    description: 'long text '.repeat(50),
  }),
  makeDoc(2, { price: null, city: null, note: '' }),
  // Keys in another order than the view lists them, and than the first document has them.
  {
    odd: 'é "quoted" \\ back\u2028slash 🎉',
    id: '3',
    price: 1e21,
    name: 'Ünïcode',
    start: '2030-01-03T20:00:00Z',
    city: 'São Paulo',
  },
  makeDoc(4, { price: -0.000001, empty: {}, offers: [], note: 'line\nbreak\ttab' }),
  makeDoc(5, { price: 123456789012345680, odd: [1, [2, [3, { deep: { deeper: 'yes' } }]]], undefinedField: undefined }),
  // None of the view's fields apart from the name.
  { id: '6', name: 'Bare', start: '2030-01-06T20:00:00Z' },
  makeDoc(7, { name: undefined, city: 'Lyon', price: 0, empty: '' }),
  makeDoc(8, { price: 5e-324, odd: -1.5e-7, note: 'ünïcödé' }),
];

async function open(views?: IndexSchema['views'], readerThreads?: number): Promise<SearchIndex> {
  const search = createSqliteSearchIndex({
    file: nextFile(),
    ...(readerThreads === undefined ? {} : { readerThreads }),
  });
  await search.init(schema(views));
  await search.upsert('events', oddDocs);
  return search;
}

const queries: SearchQuery[] = [
  { sort: [{ by: 'field', field: 'start', direction: 'asc' }], fields: CARD },
  { sort: [{ by: 'field', field: 'start', direction: 'desc' }], fields: [...CARD].reverse(), limit: 3, offset: 2 },
  {
    near: { field: 'location', lat: 52.5, lon: 13.4, radiusKm: 50 },
    sort: [{ by: 'distance', direction: 'asc' }],
    fields: CARD,
  },
  {
    filters: [{ field: 'price', op: 'range', gte: 0 }],
    sort: [{ by: 'field', field: 'price', direction: 'desc' }],
    fields: CARD,
  },
  { text: 'event', fields: CARD, sort: [{ by: 'field', field: 'start', direction: 'asc' }] },
];

/** The answers as JSON text: key order counts, as it does in an HTTP answer. */
const answers = async (search: SearchIndex): Promise<string[]> => {
  const texts: string[] = [];
  for (const query of queries) texts.push(JSON.stringify(await search.search('events', query)));
  return texts;
};

describe('SQLite stored views (a card per document)', () => {
  for (const readerThreads of [0, 2]) {
    it(`answers fields naming a view from the stored projection exactly as the key pass did (readerThreads ${readerThreads})`, async () => {
      const stored = await open({ card: CARD }, readerThreads);
      const extracted = await open(undefined, readerThreads);
      const [withView, withoutView] = [await answers(stored), await answers(extracted)];
      expect(withView).toEqual(withoutView);
      expect(withView[0]).toContain('"odd":"é \\"quoted\\" \\\\ back\u2028slash 🎉"');
      // A subset of the view's fields is not the view: the key pass answers it, the same way.
      const subset: SearchQuery = {
        sort: [{ by: 'field', field: 'start', direction: 'asc' }],
        fields: ['name', 'price'],
      };
      expect(JSON.stringify(await stored.search('events', subset))).toBe(
        JSON.stringify(await extracted.search('events', subset)),
      );
      await stored.close();
      await extracted.close();
    });
  }

  it('keeps the stored projection equal to the document where the key pass changed values (top-level booleans, lone surrogates)', async () => {
    const search = await open({ card: CARD }, 0);
    const doc = makeDoc(9, { note: true, odd: false, city: 'x\ud800y' });
    await search.upsert('events', [doc]);
    const page = await search.search('events', {
      filters: [{ field: 'price', op: 'exists', exists: false }],
      fields: CARD,
      limit: 100,
    });
    const hit = page.hits.find((candidate) => candidate.id === '9')!;
    expect(hit.source).toEqual({
      id: '9',
      name: 'Event 9',
      start: doc.start,
      note: true,
      odd: false,
      city: 'x\ud800y',
    });
    await search.close();
  });

  it('replaces the projection with the document and removes it with the document', async () => {
    const search = await open({ card: CARD }, 0);
    await search.upsert('events', [{ ...oddDocs[0]!, name: 'Renamed', price: 30 }]);
    await search.upsert('events', [{ ...oddDocs[0]!, name: 'Renamed', price: 30 }]);
    await search.delete('events', ['2']);
    const page = await search.search('events', {
      sort: [{ by: 'field', field: 'start', direction: 'asc' }],
      fields: CARD,
    });
    expect(page.hits.map((hit) => hit.id)).not.toContain('2');
    expect(page.hits.find((hit) => hit.id === '1')!.source).toMatchObject({ name: 'Renamed', price: 30 });
    await search.close();
  });

  it('a view added to an existing index is a blue/green rebuild: the old copy answers meanwhile, the new one stores the views', async () => {
    const file = nextFile();
    const search = createSqliteSearchIndex({ file, readerThreads: 0 });
    await search.init(schema());
    await search.upsert('events', oddDocs);
    const before = await answers(search);
    expect(await search.init(schema({ card: CARD }))).toEqual({ created: true });
    expect(await answers(search)).toEqual(before);
    const rebuild = await search.beginRebuild('events');
    await rebuild.upsert(oddDocs);
    expect(await answers(search)).toEqual(before);
    await rebuild.commit();
    expect(await search.init(schema({ card: CARD }))).toEqual({ created: false });
    expect(await answers(search)).toEqual(before);
    await search.close();

    const db = new Database(file, { readonly: true });
    const live = db.prepare("SELECT version FROM search_index_meta WHERE name = 'events'").pluck().get() as number;
    const stored = db
      .prepare(`SELECT v_card FROM "search_events_v${live}_views" ORDER BY rid`)
      .pluck()
      .all() as string[];
    db.close();
    expect(stored).toEqual(oddDocs.map((doc) => projectionJson(doc, CARD)));
  });

  it('a schema without views keeps its fingerprint: no rebuild for indexes that have none', async () => {
    const search = createSqliteSearchIndex({ file: nextFile(), readerThreads: 0 });
    await search.init(schema());
    expect(await search.init({ ...schema(), views: {} })).toEqual({ created: false });
    await search.close();
  });
});

describe('projectionJson', () => {
  it("keeps the document's key order, leaves missing and undefined fields out, keeps a __proto__ key a key", () => {
    const doc = JSON.parse('{"id":"1","b":2,"__proto__":{"x":1},"a":null,"c":"skip"}') as IndexDocument;
    expect(projectionJson(doc, ['a', 'b', '__proto__', 'missing'])).toBe('{"b":2,"__proto__":{"x":1},"a":null}');
    expect(projectionJson({ id: '2', a: undefined }, ['a'])).toBe('{}');
  });
});
