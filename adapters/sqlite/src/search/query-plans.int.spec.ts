/**
 * The query shapes the discovery API sends most must keep using the indexes they were designed around; these
 * cases read SQLite's EXPLAIN QUERY PLAN for the SQL the adapter generates, so a change to the SQL or the
 * index layout that silently falls back to a full scan or a sort of every match fails here.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDataDir, contractSchema, fixtureEvents } from '@evently/platform/testing';
import type { SearchQuery } from '@evently/platform';
import { geoIndex, layoutFor, type IndexLayout } from './index-layout.ts';
import {
  afterCursor,
  coveredByGeoIndex,
  fromWhereSql,
  keysetSql,
  orderBySql,
  orderKeys,
  planMatch,
} from './search-sql.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { sortedByIndexFor } from './ordered-walk.ts';
import { keywordOrderIndexFor } from './keyword-order.ts';

let dataDir: { dir: string; remove: () => Promise<void> };
let db: Database.Database;
let layout: IndexLayout;

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-plans-');
  const file = join(dataDir.dir, 'search.sqlite');
  const search = createSqliteSearchIndex({ file });
  await search.init(contractSchema('events'));
  await search.upsert('events', fixtureEvents);
  await search.close();
  db = new Database(file, { readonly: true });
  const meta = db.prepare('SELECT version FROM search_index_meta WHERE name = ?').get('events') as { version: number };
  layout = layoutFor(contractSchema('events'), meta.version);
});

afterAll(async () => {
  db.close();
  await dataDir.remove();
});

/** The plan the reader builds for a query without text: a keyword's `sortedBy` index or the geo index named when it applies. */
function matchPlan(query: SearchQuery) {
  const area = coveredByGeoIndex(layout, query) ? (query.near ?? query.bounds)!.field : null;
  const plan = planMatch(layout, query, null, false, { geoIndex: area !== null });
  const named = sortedByIndexFor(layout, query) ?? (area === null ? null : geoIndex(layout, area));
  return named === null ? plan : { ...plan, from: `${plan.from} INDEXED BY ${named}` };
}

/** The page query's plan; with `after` (the keys of the previous page's last row), a cursor page's. */
function pagePlan(query: SearchQuery, after?: unknown[]): string {
  const plan = matchPlan(query);
  const keyset = after ? keysetSql(orderKeys(layout, query, plan), after) : null;
  const sql = `SELECT d.rid${plan.distance ? `, ${plan.distance} AS dist` : ''} ${fromWhereSql(keyset ? afterCursor(plan, keyset.sql) : plan)} ${orderBySql(layout, query, plan)} LIMIT 100`;
  return (
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...plan.params, ...keyset?.params }) as Array<{ detail: string }>
  )
    .map((row) => row.detail)
    .join('\n');
}

function countPlan(query: SearchQuery): string {
  const plan = matchPlan(query);
  return (
    db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) ${fromWhereSql(plan)}`).all(plan.params) as Array<{ detail: string }>
  )
    .map((row) => row.detail)
    .join('\n');
}

const upcoming = { field: 'date', op: 'range', gte: '2030-01-01T00:00:00Z' } as const;

describe('SQLite search query plans', () => {
  it('upcoming events by date walk the date index in order, no sort step', () => {
    const plan = pagePlan({ filters: [upcoming], sort: [{ by: 'field', field: 'date', direction: 'asc' }] });
    expect(plan).toMatch(/USING (COVERING )?INDEX \S+_d_date/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('the same order descending walks the same index backwards', () => {
    const plan = pagePlan({ filters: [upcoming], sort: [{ by: 'field', field: 'date', direction: 'desc' }] });
    expect(plan).toMatch(/INDEX \S+_d_date/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('a cursor page of the map walk (upcoming by date) starts inside the date index: a range, no offset, no sort', () => {
    const after = [Date.parse('2030-03-02T22:00:00Z'), 200];
    for (const direction of ['asc', 'desc'] as const) {
      const plan = pagePlan({ filters: [upcoming], sort: [{ by: 'field', field: 'date', direction }] }, after);
      // Descending, the filter's lower bound joins the cursor's upper bound.
      expect(plan).toMatch(
        /SEARCH d USING (COVERING )?INDEX \S+_d_date \((d_date>\? AND )?\(d_date,id_key\)[<>]\(\?,\?\)\)/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('a cursor page of a sort with missing values still walks its index in order, no sort step', () => {
    // Missing values follow every cursor with a value, so there is no single range to start from: the walk
    // skips the index entries before the cursor (cheap, covering) instead of sorting every match.
    const plan = pagePlan({ sort: [{ by: 'field', field: 'popularity', direction: 'desc' }] }, [40, 104]);
    expect(plan).toMatch(/INDEX \S+_n_popularity/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('a date window with price filters is counted from the date index alone', () => {
    const plan = countPlan({
      filters: [
        { field: 'date', op: 'range', gte: '2030-03-01T00:00:00Z', lt: '2030-03-08T00:00:00Z' },
        { field: 'price', op: 'range', gte: 10 },
      ],
    });
    expect(plan).toMatch(/COVERING INDEX \S+_d_date/);
  });

  it('a category with a price range by price reads its (category, price) index in order, and counts from it alone', () => {
    const filters = [
      { field: 'category', op: 'eq', value: 'music' },
      { field: 'price', op: 'range', gte: 10, lte: 80 },
      upcoming,
    ] as const;
    for (const direction of ['asc', 'desc'] as const) {
      const query: SearchQuery = { filters: [...filters], sort: [{ by: 'field', field: 'price', direction }] };
      const page = pagePlan(query);
      expect(page).toMatch(
        /SEARCH d USING (COVERING )?INDEX \S+_kl_category_by_price \(kl_category=\? AND n_price>\? AND n_price<\?\)/,
      );
      expect(page).not.toMatch(/TEMP B-TREE/);
      // A cursor page starts at the cursor inside that category's range (descending, the price floor joins it).
      expect(pagePlan(query, [40, 104])).toMatch(
        /SEARCH d USING (COVERING )?INDEX \S+_kl_category_by_price \(kl_category=\? AND (n_price>\? AND )?\(n_price,id_key\)[<>]\(\?,\?\)/,
      );
    }
    expect(countPlan({ filters: [...filters] })).toMatch(/COVERING INDEX \S+_kl_category_by_price/);
    // Another keyword filter is not in that index: the planner chooses.
    expect(
      sortedByIndexFor(layout, {
        filters: [...filters, { field: 'city', op: 'eq', value: 'berlin' }],
        sort: [{ by: 'field', field: 'price', direction: 'asc' }],
      }),
    ).toBeNull();
  });

  it('words with a city, by relevance then date, read the city sortedBy index alone: best-scored rows in order, the count', () => {
    const query: SearchQuery = {
      text: 'jazz',
      filters: [{ field: 'city', op: 'eq', value: 'Berlin' }, upcoming],
      sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }],
    };
    const ordered = keywordOrderIndexFor(layout, query);
    expect(ordered?.index).toMatch(/_kl_city_by_date"$/);
    // As page-plans.ts plans it: the city drives, each entry tests the words' match set, the name scores.
    const plan = planMatch(layout, query, '"jazz"*', true, {
      drive: 'docs',
      words: [['jazz']],
      matchSet: Buffer.alloc(300),
    });
    const indexed = { ...plan, from: `${plan.from} INDEXED BY ${ordered!.index}` };
    const explain = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(indexed.params) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('\n');
    const bestFirst = explain(
      `SELECT d.rid ${fromWhereSql(indexed, [`${plan.score} = -4`])} ${orderBySql(layout, query, { ...indexed, score: null })} LIMIT 100`,
    );
    expect(bestFirst).toMatch(/SEARCH d USING COVERING INDEX \S+_kl_city_by_date \(kl_city=\? AND d_date>\?\)/);
    expect(bestFirst).not.toMatch(/TEMP B-TREE/);
    expect(explain(`SELECT count(*) ${fromWhereSql(indexed)}`)).toMatch(/COVERING INDEX \S+_kl_city_by_date/);
  });

  it('a city filter uses the keyword index', () => {
    expect(pagePlan({ filters: [{ field: 'city', op: 'eq', value: 'Berlin' }] })).toMatch(/INDEX \S+_kl_city/);
  });

  it('near and bounds with only date/number conditions range-scan the covering geo index', () => {
    const near = pagePlan({
      near: { field: 'location', lat: 52.52, lon: 13.405, radiusKm: 25 },
      filters: [upcoming, { field: 'price', op: 'range', lte: 50 }],
      sort: [{ by: 'distance', direction: 'asc' }],
    });
    expect(near).toMatch(/COVERING INDEX \S+_g_location/);
    const bounds = pagePlan({
      bounds: { field: 'location', south: -20, north: -10, west: 170, east: -170 },
      filters: [upcoming],
      sort: [{ by: 'field', field: 'date', direction: 'asc' }],
    });
    expect(bounds).toMatch(/COVERING INDEX \S+_g_location/);
  });

  it('a map box or circle walked in date order is tested inside the date index, no docs lookup and no sort', () => {
    const table = layout.docs.slice(1, -1);
    const box = { field: 'location', south: 52.3, north: 52.6, west: 13.0, east: 13.5 };
    for (const area of [{ bounds: box }, { near: { field: 'location', lat: 52.5, lon: 13.4, radiusKm: 30 } }]) {
      const query: SearchQuery = {
        ...area,
        filters: [upcoming],
        sort: [{ by: 'field', field: 'date', direction: 'asc' }],
      };
      // The ordered walk's plan (page-plans.ts): the area as latitude/longitude tests, the date index named.
      const plan = planMatch(layout, query, null, false, { geoIndex: true });
      const walked = { ...plan, from: `${plan.from} INDEXED BY "${table}_d_date"` };
      const sql = `EXPLAIN QUERY PLAN SELECT d.rid ${fromWhereSql(walked)} ${orderBySql(layout, query, walked)} LIMIT 100`;
      const detail = (db.prepare(sql).all(walked.params) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('\n');
      expect(detail).toMatch(/USING COVERING INDEX \S+_d_date/);
      expect(detail).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('geo queries with other filters start from the R*Tree; an antimeridian box takes two lookups', () => {
    const near = pagePlan({
      near: { field: 'location', lat: 52.52, lon: 13.405, radiusKm: 25 },
      filters: [{ field: 'city', op: 'eq', value: 'berlin' }],
    });
    expect(near).toMatch(/SCAN \S+_geo_location VIRTUAL TABLE INDEX 2:/);
    const bounds = pagePlan({
      bounds: { field: 'location', south: -20, north: -10, west: 170, east: -170 },
      filters: [{ field: 'category', op: 'eq', value: 'sports' }],
    });
    expect(bounds.match(/_geo_location VIRTUAL TABLE INDEX 2:/g)).toHaveLength(2);
  });
});
