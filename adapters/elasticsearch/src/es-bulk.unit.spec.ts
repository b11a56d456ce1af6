import { describe, expect, it } from 'vitest';
import type { estypes } from '@elastic/elasticsearch';
import {
  aliasSwapActions,
  bulkError,
  bulkFailure,
  changeRequests,
  deleteOperations,
  indexOperations,
  mgetDocuments,
} from './es-bulk.ts';
import { outageOf } from '@evently/platform';

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
    expect(deleteOperations('events', ['1', '2'])).toEqual([
      { delete: { _index: 'events', _id: '1' } },
      { delete: { _index: 'events', _id: '2' } },
    ]);
  });

  it('versioned index and delete actions use external versioning', () => {
    expect(indexOperations('events', [{ id: 'a', aggregate_version: 3 }], 'aggregate_version')[0]).toEqual({
      index: { _index: 'events', _id: 'a', version: 3, version_type: 'external' },
    });
    expect(() => indexOperations('events', [{ id: 'a' }], 'aggregate_version')).toThrow(/positive integer/);
    expect(() => indexOperations('events', [{ id: 'a', aggregate_version: 0 }], 'aggregate_version')).toThrow(
      /positive integer/,
    );
    expect(deleteOperations('events', [{ id: 'a', version: 4 }, 'b'])).toEqual([
      { delete: { _index: 'events', _id: 'a', version: 4, version_type: 'external' } },
      { delete: { _index: 'events', _id: 'b' } },
    ]);
  });

  it('writes and deletes of one change go in the same requests, documents first, a bounded number a request', () => {
    const requests = changeRequests(
      'events',
      {
        upsert: [
          { id: '1', v: 2 },
          { id: '2', v: 2 },
          { id: '3', v: 5 },
        ],
        delete: [{ id: '4', version: 3 }, '5'],
      },
      2,
      'v',
    );
    // Each action's kind and id; a document follows its index action and names neither.
    const actions = requests.map((operations) =>
      (operations as Array<Record<string, { _id?: string }>>).flatMap((entry) =>
        entry.index ? [`index ${entry.index._id}`] : entry.delete ? [`delete ${entry.delete._id}`] : [],
      ),
    );
    expect(actions).toEqual([['index 1', 'index 2'], ['index 3', 'delete 4'], ['delete 5']]);
    expect(requests[1]).toEqual([
      { index: { _index: 'events', _id: '3', version: 5, version_type: 'external' } },
      { id: '3', v: 5, search_id_num: 3 },
      { delete: { _index: 'events', _id: '4', version: 3, version_type: 'external' } },
    ]);
    expect(changeRequests('events', {}, 2)).toEqual([]);
    expect(changeRequests('events', { delete: ['a'] }, 500)).toEqual([[{ delete: { _index: 'events', _id: 'a' } }]]);
  });

  it('a version conflict is not a failure: a newer version is already indexed', () => {
    const conflict: estypes.BulkResponse = {
      errors: true,
      took: 1,
      items: [
        {
          index: {
            _index: 'e',
            _id: '1',
            status: 409,
            error: { type: 'version_conflict_engine_exception', reason: 'current [5], provided [3]' },
          },
        },
      ],
    };
    expect(bulkFailure(conflict)).toBeNull();
    const other409: estypes.BulkResponse = {
      ...conflict,
      items: [{ index: { _index: 'e', _id: '1', status: 409, error: { type: 'other' } } }],
    };
    expect(bulkFailure(other409)).toBe('1: other: ');
  });

  it('reads found documents of an _mget answer', () => {
    const response = {
      docs: [
        { _index: 'e', _id: '1', found: true, _source: { id: '1' } },
        { _index: 'e', _id: '2', found: false },
      ],
    } as estypes.MgetResponse<{ id: string }>;
    expect([...mgetDocuments(response).entries()]).toEqual([['1', { id: '1' }]]);
  });

  it('swaps an alias with remove and add in one request, the remove checking the alias is still there', () => {
    expect(aliasSwapActions('events', 'events_v1', 'events_v2')).toEqual([
      { remove: { index: 'events_v1', alias: 'events', must_exist: true } },
      { add: { index: 'events_v2', alias: 'events' } },
    ]);
  });

  it('reports the first real bulk failure and ignores deletes of missing ids', () => {
    const response = (items: estypes.BulkResponse['items']): estypes.BulkResponse => ({ errors: true, items, took: 1 });
    expect(bulkFailure({ errors: false, items: [], took: 1 })).toBeNull();
    expect(
      bulkFailure(response([{ delete: { _index: 'e', _id: '9', status: 404, error: { type: 'not_found' } } }])),
    ).toBeNull();
    expect(
      bulkFailure(
        response([
          { index: { _index: 'e', _id: '3', status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad' } } },
        ]),
      ),
    ).toBe('3: mapper_parsing_exception: bad');
  });

  it('throws an outage when an item was refused for load or unavailability, a message failure when the document was refused', () => {
    const response = (items: estypes.BulkResponse['items']): estypes.BulkResponse => ({ errors: true, items, took: 1 });
    const refused = {
      index: { _index: 'e', _id: '3', status: 400, error: { type: 'mapper_parsing_exception', reason: 'bad' } },
    };
    const shed = {
      index: {
        _index: 'e',
        _id: '4',
        status: 429,
        error: { type: 'es_rejected_execution_exception', reason: 'queue full' },
      },
    };
    const unavailable = {
      index: {
        _index: 'e',
        _id: '5',
        status: 503,
        error: { type: 'unavailable_shards_exception', reason: 'primary shard is not active' },
      },
    };
    expect(bulkError({ errors: false, items: [], took: 1 })).toBeNull();
    expect(outageOf(bulkError(response([refused]))!)).toBeNull();
    expect(bulkError(response([refused]))!.message).toMatch(/mapper_parsing_exception/);
    expect(outageOf(bulkError(response([refused, shed]))!)?.dependency).toBe('elasticsearch');
    expect(outageOf(bulkError(response([unavailable]))!)?.reason).toMatch(/503: unavailable_shards_exception/);
  });
});
