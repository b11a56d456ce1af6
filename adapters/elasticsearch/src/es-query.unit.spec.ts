import { describe, expect, it } from 'vitest';
import { contractSchema } from '@evently/platform/testing';
import { encodeCursor } from '@evently/platform/adapter-kit';
import { SearchCursorError, type SearchQuery } from '@evently/platform';
import {
  ES_DISTANCE_RATIO,
  facetsBody,
  matchQuery,
  portDistanceKm,
  searchBody,
  sortClauses,
  sourceFilter,
  textQuery,
} from './es-query.ts';

const schema = contractSchema('events');
const fields = ['name^4', 'description^1', 'tags^1', 'city.text^2'];
const stemmed = ['name.stem^4', 'description.stem^1', 'tags.stem^1'];
const byStem = (word: string) => ({ multi_match: { query: word, fields: stemmed } });
// Non-integer ids have no search_id_num: 1e15 (above every integer id) puts them after integer ids ascending
// and before them descending, as a value JSON carries exactly.
const tieAsc = [{ search_id_num: { order: 'asc', missing: 1e15 } }, { id: { order: 'asc' } }];
const tieDesc = [{ search_id_num: { order: 'desc', missing: 1e15 } }, { id: { order: 'desc' } }];

describe('Elasticsearch filters', () => {
  const filter = (clause: Parameters<typeof matchQuery>[1]['filters']) => matchQuery(schema, { filters: clause });

  it('no condition matches everything', () => {
    expect(matchQuery(schema, {})).toEqual({ match_all: {} });
  });

  it('keyword eq and in compare case- and accent-folded values', () => {
    expect(filter([{ field: 'city', op: 'eq', value: 'São Paulo' }])).toEqual({
      bool: { filter: [{ term: { city: 'sao paulo' } }] },
    });
    expect(filter([{ field: 'city', op: 'eq', value: 'BERLIN' }])).toEqual({
      bool: { filter: [{ term: { city: 'berlin' } }] },
    });
    expect(filter([{ field: 'city', op: 'in', values: ['Paris', 'lyon'] }])).toEqual({
      bool: { filter: [{ terms: { city: ['paris', 'lyon'] } }] },
    });
  });

  it('an empty in matches nothing', () => {
    expect(filter([{ field: 'category', op: 'in', values: [] }])).toEqual({ bool: { filter: [{ match_none: {} }] } });
  });

  it('number eq, in and ranges', () => {
    expect(filter([{ field: 'price', op: 'eq', value: 0 }])).toEqual({ bool: { filter: [{ term: { price: 0 } }] } });
    expect(filter([{ field: 'popularity', op: 'in', values: [10, 80] }])).toEqual({
      bool: { filter: [{ terms: { popularity: [10, 80] } }] },
    });
    expect(filter([{ field: 'price', op: 'range', gt: 25, lt: 90 }])).toEqual({
      bool: { filter: [{ range: { price: { gt: 25, lt: 90 } } }] },
    });
    expect(filter([{ field: 'price', op: 'range', gte: 20, lte: 40 }])).toEqual({
      bool: { filter: [{ range: { price: { gte: 20, lte: 40 } } }] },
    });
  });

  it('date ranges are sent as epoch milliseconds whatever form they came in', () => {
    expect(
      filter([{ field: 'date', op: 'range', gte: '2030-04-01T00:00:00Z', lt: Date.parse('2030-06-01T08:00:00Z') }]),
    ).toEqual({
      bool: {
        filter: [
          {
            range: {
              date: {
                gte: Date.parse('2030-04-01T00:00:00Z'),
                lt: Date.parse('2030-06-01T08:00:00Z'),
                format: 'epoch_millis',
              },
            },
          },
        ],
      },
    });
    expect(() => filter([{ field: 'date', op: 'range', gte: 'soon' }])).toThrow(/Invalid date/);
  });

  it('a range without bounds asks for presence', () => {
    expect(filter([{ field: 'price', op: 'range' }])).toEqual({ bool: { filter: [{ exists: { field: 'price' } }] } });
  });

  it('exists and missing, on values, sortable text and geo', () => {
    expect(filter([{ field: 'price', op: 'exists', exists: true }])).toEqual({
      bool: { filter: [{ exists: { field: 'price' } }] },
    });
    expect(filter([{ field: 'location', op: 'exists', exists: false }])).toEqual({
      bool: { filter: [{ bool: { must_not: [{ exists: { field: 'location' } }] } }] },
    });
    expect(filter([{ field: 'name', op: 'exists', exists: true }])).toEqual({
      bool: { filter: [{ exists: { field: 'name.sort' } }] },
    });
  });

  it('sortable text compares its lower-cased sort key', () => {
    expect(filter([{ field: 'name', op: 'eq', value: 'Jazz Evening' }])).toEqual({
      bool: { filter: [{ term: { 'name.sort': 'jazz evening' } }] },
    });
  });

  it('unknown or unfilterable fields are refused', () => {
    expect(() => filter([{ field: 'nope', op: 'eq', value: 1 }])).toThrow(/Unknown field/);
    expect(() => filter([{ field: 'description', op: 'eq', value: 'x' }])).toThrow(/not filtered/);
  });
});

describe('Elasticsearch text', () => {
  it('a short word matches whole and exactly, or by its stem', () => {
    expect(textQuery(schema, 'ab')).toEqual({
      bool: { should: [{ multi_match: { query: 'ab', fields } }, byStem('ab')], minimum_should_match: 1 },
    });
  });

  it('a 3-letter word also matches as a prefix but tolerates no typo', () => {
    expect(textQuery(schema, 'Art')).toEqual({
      bool: {
        should: [
          { multi_match: { query: 'art', fields } },
          { multi_match: { query: 'art', fields, type: 'phrase_prefix', max_expansions: 200 } },
          byStem('art'),
        ],
        minimum_should_match: 1,
      },
    });
  });

  it('longer words are fuzzy (AUTO:4,6, first letter fixed), prefixes or stems; every word must match', () => {
    const fuzzy = (word: string) => ({
      bool: {
        should: [
          { multi_match: { query: word, fields, fuzziness: 'AUTO:4,6', prefix_length: 1, max_expansions: 50 } },
          { multi_match: { query: word, fields, type: 'phrase_prefix', max_expansions: 200 } },
          byStem(word),
        ],
        minimum_should_match: 1,
      },
    });
    expect(textQuery(schema, 'Café  MÜLLER!')).toEqual({ bool: { must: [fuzzy('cafe'), fuzzy('muller')] } });
  });

  it('text without words adds no condition', () => {
    expect(textQuery(schema, ' !? ')).toBeNull();
    expect(matchQuery(schema, { text: ' !? ' })).toEqual({ match_all: {} });
  });

  it('text goes to must (scored), filters to filter (not scored)', () => {
    const query = matchQuery(schema, { text: 'ab', filters: [{ field: 'country', op: 'eq', value: 'DE' }] });
    expect(query).toEqual({
      bool: {
        must: [{ bool: { should: [{ multi_match: { query: 'ab', fields } }, byStem('ab')], minimum_should_match: 1 } }],
        filter: [{ term: { country: 'de' } }],
      },
    });
  });
});

describe('Elasticsearch geo', () => {
  it('near is an arc geo_distance whose radius is scaled to the 6371 km sphere', () => {
    const query = matchQuery(schema, { near: { field: 'location', lat: 52.52, lon: 13.405, radiusKm: 25 } });
    expect(query).toEqual({
      bool: {
        filter: [
          {
            geo_distance: {
              distance: `${25 * ES_DISTANCE_RATIO}km`,
              distance_type: 'arc',
              location: { lat: 52.52, lon: 13.405 },
            },
          },
        ],
      },
    });
    expect(ES_DISTANCE_RATIO).toBeCloseTo(6371.0087714 / 6371, 12);
  });

  it('bounds become a geo_bounding_box; west > east keeps top_left.lon > bottom_right.lon (antimeridian)', () => {
    expect(
      matchQuery(schema, { bounds: { field: 'location', north: -10, south: -20, west: 170, east: -170 } }),
    ).toEqual({
      bool: {
        filter: [
          {
            geo_bounding_box: { location: { top_left: { lat: -10, lon: 170 }, bottom_right: { lat: -20, lon: -170 } } },
          },
        ],
      },
    });
  });

  it('geo conditions on a non-geo field are refused', () => {
    expect(() => matchQuery(schema, { near: { field: 'city', lat: 0, lon: 0, radiusKm: 1 } })).toThrow(
      /not a geo field/,
    );
    expect(() => matchQuery(schema, { bounds: { field: 'price', north: 1, south: 0, west: 0, east: 1 } })).toThrow(
      /not a geo field/,
    );
  });

  it('returned distances are converted back to the 6371 km sphere', () => {
    expect(portDistanceKm(25 * ES_DISTANCE_RATIO)).toBeCloseTo(25, 12);
  });
});

describe('Elasticsearch sorting', () => {
  const near = { field: 'location', lat: 1, lon: 2, radiusKm: 10 };
  const distance = (order: 'asc' | 'desc') => ({
    _geo_distance: { location: { lat: 1, lon: 2 }, order, unit: 'km', distance_type: 'arc', mode: 'min' },
  });

  it('without a sort, orders by id: integer ids numerically first, then the id string', () => {
    expect(sortClauses(schema, {})).toEqual({ sort: tieAsc, distanceSlot: null });
  });

  it('field sorts put missing values last both ways; the tie-break follows the last direction', () => {
    expect(sortClauses(schema, { sort: [{ by: 'field', field: 'price', direction: 'asc' }] }).sort).toEqual([
      { price: { order: 'asc', missing: Number.MAX_VALUE } },
      ...tieAsc,
    ]);
    expect(sortClauses(schema, { sort: [{ by: 'field', field: 'price', direction: 'desc' }] }).sort).toEqual([
      { price: { order: 'desc', missing: -Number.MAX_VALUE } },
      ...tieDesc,
    ]);
    expect(sortClauses(schema, { sort: [{ by: 'field', field: 'name', direction: 'desc' }] }).sort).toEqual([
      { 'name.sort': { order: 'desc', missing: '_last' } },
      ...tieDesc,
    ]);
  });

  it('distance sorts both ways, and with near a distance value is always appended for the hits', () => {
    expect(sortClauses(schema, { near, sort: [{ by: 'distance', direction: 'desc' }] })).toEqual({
      sort: [distance('desc'), ...tieDesc, distance('asc')],
      distanceSlot: 3,
    });
    expect(sortClauses(schema, { near, sort: [{ by: 'field', field: 'date', direction: 'asc' }] })).toEqual({
      sort: [{ date: { order: 'asc', missing: 8_640_000_000_000_001 } }, ...tieAsc, distance('asc')],
      distanceSlot: 3,
    });
  });

  it('distance without near and relevance without text are ignored', () => {
    expect(sortClauses(schema, { sort: [{ by: 'distance', direction: 'desc' }, { by: 'relevance' }] }).sort).toEqual(
      tieAsc,
    );
  });

  it('relevance sorts by score, best first', () => {
    expect(sortClauses(schema, { text: 'jazz', sort: [{ by: 'relevance' }] }).sort).toEqual([
      { _score: { order: 'desc' } },
      ...tieAsc,
    ]);
  });
});

describe('Elasticsearch search and facet bodies', () => {
  it('pages by from/size (default 100), counts every hit, and projects fields plus id', () => {
    expect(searchBody(schema, { offset: 200, limit: 1000, fields: ['name', 'location'] }).request).toEqual({
      query: { match_all: {} },
      sort: tieAsc,
      from: 200,
      size: 1000,
      track_total_hits: true,
      _source: { includes: ['id', 'name', 'location'], excludes: ['pin'] },
    });
    expect(searchBody(schema, {}).request).toMatchObject({ from: 0, size: 100, _source: { excludes: ['pin'] } });
  });

  it('sources leave answer fragments out unless named; a schema without fragments reads whole sources', () => {
    expect(sourceFilter(schema, undefined)).toEqual({ excludes: ['pin'] });
    expect(sourceFilter(schema, ['pin'])).toEqual({ includes: ['id', 'pin'] });
    const { fragments: _none, ...plain } = schema;
    expect(sourceFilter(plain, undefined)).toBe(true);
    expect(sourceFilter(plain, ['name'])).toEqual({ includes: ['id', 'name'] });
  });

  it('a cursor page searches after the sort values the cursor carries, with no from, one hit over the page, still counting every hit', () => {
    const query: SearchQuery = {
      filters: [{ field: 'date', op: 'range', gte: 0 }],
      sort: [{ by: 'field', field: 'date', direction: 'asc' }],
      limit: 1000,
    };
    const first = searchBody(schema, query);
    const after = encodeCursor(first.order, [1_900_000_000_000, 42, '42']);
    const { request, limit } = searchBody(schema, { ...query, after });
    expect(limit).toBe(1000);
    expect(request).toEqual({
      query: { bool: { filter: [{ range: { date: { gte: 0, format: 'epoch_millis' } } }] } },
      sort: [{ date: { order: 'asc', missing: 8_640_000_000_000_001 } }, ...tieAsc],
      search_after: [1_900_000_000_000, 42, '42'],
      size: 1001,
      track_total_hits: true,
      _source: { excludes: ['pin'] },
    });
    expect(request).not.toHaveProperty('from');
    expect(request).not.toHaveProperty('pit');
    // A single request may not pass the window, so a page of the whole window reads no extra hit.
    expect(searchBody(schema, { ...query, limit: 10_000, after }).request.size).toBe(10_000);
  });

  it('a cursor of another order, of the wrong length or forged is a SearchCursorError', () => {
    const byDate = searchBody(schema, { sort: [{ by: 'field', field: 'date', direction: 'asc' }] });
    const near = { field: 'location', lat: 1, lon: 2, radiusKm: 10 };
    const byDistance = searchBody(schema, { near, sort: [{ by: 'distance', direction: 'asc' }] });
    expect(byDistance.request.sort).toHaveLength(4);
    expect(() =>
      searchBody(schema, {
        near,
        sort: [{ by: 'distance', direction: 'asc' }],
        after: encodeCursor(byDistance.order, [1.5, 2, '2', 1.5]),
      }),
    ).not.toThrow();
    for (const after of [
      encodeCursor(byDate.order, [1, 2, '2']),
      encodeCursor(byDistance.order, [1, 2, '2']),
      // Right order and length, a string where the distance goes: refused before Elasticsearch could fail on it.
      encodeCursor(byDistance.order, ['far', 2, '2', 1]),
      encodeCursor(byDistance.order, [1, null, '2', 1]),
      'bm90IGEgY3Vyc29y',
    ]) {
      expect(() => searchBody(schema, { near, sort: [{ by: 'distance', direction: 'asc' }], after })).toThrow(
        SearchCursorError,
      );
    }
    // The same order from another point is another order.
    const elsewhere = searchBody(schema, { near: { ...near, lat: 3 }, sort: [{ by: 'distance', direction: 'asc' }] });
    expect(() =>
      searchBody(schema, {
        near,
        sort: [{ by: 'distance', direction: 'asc' }],
        after: encodeCursor(elsewhere.order, [1, 2, '2', 1]),
      }),
    ).toThrow(SearchCursorError);
  });

  it('facets: folded terms with their spellings (the adapter picks the label), stats, filters, size', () => {
    const order = [{ _count: 'desc' }, { _key: 'asc' }];
    expect(
      facetsBody(schema, {
        terms: ['city'],
        stats: ['price'],
        filters: [{ field: 'country', op: 'eq', value: 'FR' }],
        size: 5,
      }),
    ).toEqual({
      size: 0,
      track_total_hits: false,
      query: { bool: { filter: [{ term: { country: 'fr' } }] } },
      aggs: {
        terms_city: {
          terms: { field: 'city', size: 5, order, exclude: [''] },
          aggs: { spelling: { terms: { field: 'city.raw', size: 10, order } } },
        },
        stats_price: { stats: { field: 'price' } },
      },
    });
  });

  it('facets refuse fields of the wrong type', () => {
    expect(() => facetsBody(schema, { terms: ['price'] })).toThrow(/not a keyword field/);
    expect(() => facetsBody(schema, { stats: ['city'] })).toThrow(/not a number or date field/);
  });
});
