import { describe, expect, it } from 'vitest';
import { parseCursorParam } from './cursor-param.ts';
import { parseSearchParams } from './search-params.ts';
import { searchQuerySchema } from '../../../contracts/search-query.ts';

/** A query whose values take every branch of the parser, recording each name the parser reads. */
function namesRead(): string[] {
  const values: Record<string, string> = {
    latitude: '40',
    longitude: '-3',
    nearby_radius_km: '10',
    only_in_view: 'true',
    min_lat: '39',
    max_lat: '41',
    min_lon: '-4',
    max_lon: '-2',
    sort_by: 'distance',
    sort_order: 'desc',
    date_preset: 'today',
    fields: 'card',
    page: '1',
    per_page: '10',
  };
  const read = new Set<string>();
  const raw = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string] ?? 'x';
    },
  });
  parseSearchParams(raw, 'UTC');
  parseCursorParam(raw, 1);
  return [...read].sort();
}

describe('the documented /api/events query', () => {
  it('names exactly the parameters the handler reads', () => {
    expect(Object.keys(searchQuerySchema.shape).sort()).toEqual(namesRead());
  });
});
