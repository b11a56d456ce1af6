import { describe, expect, it } from 'vitest';
import type { estypes } from '@elastic/elasticsearch';
import { aliasSwapActions, bulkFailure, deleteOperations, indexOperations } from './es-bulk.ts';

describe('Elasticsearch bulk and alias requests', () => {
  it('indexes documents by id, adding the numeric id only for integer ids', () => {
    expect(indexOperations('events_v2', [{ id: '42', name: 'a' }, { id: 'x7' }, { id: '007' }])).toEqual([
      { index: { _index: 'events_v2', _id: '42' } },
      { id: '42', name: 'a', search_id_num: 42 },
      { index: { _index: 'events_v2', _id: 'x7' } },
      { id: 'x7' },
      { index: { _index: 'events_v2', _id: '007' } },
      { id: '007' },
    ]);
    expect(() => indexOperations('events', [{ id: '' }])).toThrow(/non-empty string id/);
  });

  it('deletes by id', () => {
    expect(deleteOperations('events', ['1', '2'])).toEqual([{ delete: { _index: 'events', _id: '1' } }, { delete: { _index: 'events', _id: '2' } }]);
  });

  it('swaps an alias with remove and add in one request', () => {
    expect(aliasSwapActions('events', 'events_v1', 'events_v2')).toEqual([
      { remove: { index: 'events_v1', alias: 'events' } },
      { add: { index: 'events_v2', alias: 'events' } },
    ]);
  });

  it('reports the first real bulk failure and ignores deletes of missing ids', () => {
    const response = (items: estypes.BulkResponse['items']): estypes.BulkResponse => ({ errors: true, items, took: 1 });
    expect(bulkFailure({ errors: false, items: [], took: 1 })).toBeNull();
    expect(bulkFailure(response([{ delete: { _index: 'e', _id: '9', status: 404, error: { type: 'not_found' } } }]))).toBeNull();
    expect(
      bulkFailure(response([{ index: { _index: 'e', _id: '3', status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad' } } }])),
    ).toBe('3: mapper_parsing_exception: bad');
  });
});
