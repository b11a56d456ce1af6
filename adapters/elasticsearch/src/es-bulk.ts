/** Bulk, mget and alias request parts, kept pure so their exact shape is unit-tested. */
import type { estypes } from '@elastic/elasticsearch';
import { type IndexChanges, type IndexDocument, type VersionedId, DependencyOutage } from '@evently/platform';
import { numericId } from '@evently/platform/adapter-kit';
import { ID_NUM_FIELD } from './es-mapping.ts';

type Operations = NonNullable<estypes.BulkRequest['operations']>;

/** Elasticsearch's bounds for an external version: a positive long (JavaScript's safe integers fit). */
function externalVersion(doc: IndexDocument, field: string): number {
  const version = doc[field];
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new Error(`Document ${doc.id}: versioned writes need a positive integer "${field}", got ${String(version)}`);
  }
  return version;
}

/**
 * Index actions with the document as given plus the numeric id used by the tie-break. With `versionField`,
 * each action carries `version_type: external`: the engine writes it only if the version is above the
 * stored one, so a redelivered or replayed message cannot overwrite a newer document.
 */
export function indexOperations(index: string, docs: IndexDocument[], versionField?: string): Operations {
  return docs.flatMap((doc) => {
    if (typeof doc.id !== 'string' || doc.id === '') throw new Error('Indexed documents need a non-empty string id');
    const idNum = numericId(doc.id);
    const action: estypes.BulkIndexOperation = { _index: index, _id: doc.id };
    if (versionField !== undefined)
      Object.assign(action, { version: externalVersion(doc, versionField), version_type: 'external' });
    return [{ index: action }, idNum === null ? doc : { ...doc, [ID_NUM_FIELD]: idNum }];
  });
}

/** A versioned delete leaves a tombstone at that version (kept `index.gc_deletes`, 60 s by default). */
export function deleteOperations(index: string, ids: Array<string | VersionedId>): Operations {
  return ids.map((entry) =>
    typeof entry === 'string'
      ? { delete: { _index: index, _id: entry } }
      : { delete: { _index: index, _id: entry.id, version: entry.version, version_type: 'external' as const } },
  );
}

/**
 * The bulk requests of one `write`: its documents' index actions, then its deletes, at most `perRequest` of them
 * in a request, so a projector's batch that writes and removes goes in as few requests as its size allows.
 */
export function changeRequests(
  index: string,
  changes: IndexChanges,
  perRequest: number,
  versionField?: string,
): Operations[] {
  const docs = changes.upsert ?? [];
  const ids = changes.delete ?? [];
  const requests: Operations[] = [];
  for (let from = 0; from < docs.length + ids.length; from += perRequest) {
    const to = from + perRequest;
    const written = docs.slice(Math.min(from, docs.length), Math.min(to, docs.length));
    const removed = ids.slice(Math.max(0, from - docs.length), Math.max(0, to - docs.length));
    requests.push([...indexOperations(index, written, versionField), ...deleteOperations(index, removed)]);
  }
  return requests;
}

/**
 * One `_aliases` call, so readers see either the old index or the new one, never neither. `must_exist` on
 * the remove makes it a compare-and-swap: the actions of one call apply all or none, so if another rebuild
 * already moved the alias off `from`, this swap fails instead of leaving the alias on two indices.
 */
export function aliasSwapActions(alias: string, from: string, to: string): estypes.IndicesUpdateAliasesAction[] {
  return [{ remove: { index: from, alias, must_exist: true } }, { add: { index: to, alias } }];
}

/**
 * First real failure of a bulk response. Not failures: deleting an id that is not there (404), and a
 * version conflict on a versioned write (409), which means a newer version is already indexed.
 */
export function bulkFailure(response: estypes.BulkResponse): string | null {
  if (!response.errors) return null;
  for (const item of response.items) {
    const result = Object.values(item)[0];
    if (!result?.error || result.status === 404) continue;
    if (result.status === 409 && result.error.type === 'version_conflict_engine_exception') continue;
    return `${result._id}: ${result.error.type}: ${result.error.reason ?? ''}`;
  }
  return null;
}

/**
 * The error a failed bulk request throws. An item refused with 429 (a full write queue) or 5xx (shards
 * unavailable) says the engine is overloaded or down, not that the document is wrong: the whole request is an
 * outage and its consumer waits. Any other refusal (a mapping conflict, a malformed document) is the message's.
 */
export function bulkError(response: estypes.BulkResponse): Error | null {
  if (!response.errors) return null;
  for (const item of response.items) {
    const result = Object.values(item)[0];
    if (result?.error && (result.status === 429 || result.status >= 500)) {
      return new DependencyOutage(
        'elasticsearch',
        `Elasticsearch refused a bulk item with ${result.status}: ${result.error.type}: ${result.error.reason ?? ''}`,
      );
    }
  }
  const failure = bulkFailure(response);
  return failure ? new Error(`Elasticsearch bulk request failed: ${failure}`) : null;
}

/** Found documents of an `_mget` response by id. */
export function mgetDocuments(response: estypes.MgetResponse<IndexDocument>): Map<string, IndexDocument> {
  const found = new Map<string, IndexDocument>();
  for (const doc of response.docs) {
    if ('found' in doc && doc.found && doc._source) found.set(doc._id, doc._source);
  }
  return found;
}
