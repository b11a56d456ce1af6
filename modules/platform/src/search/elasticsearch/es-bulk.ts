/** Bulk and alias request parts, kept pure so their exact shape is unit-tested. */
import type { estypes } from '@elastic/elasticsearch';
import type { IndexDocument } from '../search-index.port.ts';
import { numericId } from '../document-id.ts';
import { ID_NUM_FIELD } from './es-mapping.ts';

/** Index actions with the document as given plus the numeric id used by the tie-break. */
export function indexOperations(index: string, docs: IndexDocument[]): NonNullable<estypes.BulkRequest['operations']> {
  return docs.flatMap((doc) => {
    if (typeof doc.id !== 'string' || doc.id === '') throw new Error('Indexed documents need a non-empty string id');
    const idNum = numericId(doc.id);
    return [{ index: { _index: index, _id: doc.id } }, idNum === null ? doc : { ...doc, [ID_NUM_FIELD]: idNum }];
  });
}

export function deleteOperations(index: string, ids: string[]): NonNullable<estypes.BulkRequest['operations']> {
  return ids.map((id) => ({ delete: { _index: index, _id: id } }));
}

/** One `_aliases` call, so readers see either the old index or the new one, never neither. */
export function aliasSwapActions(alias: string, from: string, to: string): estypes.IndicesUpdateAliasesAction[] {
  return [{ remove: { index: from, alias } }, { add: { index: to, alias } }];
}

/** First real failure of a bulk response; deleting an id that is not there is not one. */
export function bulkFailure(response: estypes.BulkResponse): string | null {
  if (!response.errors) return null;
  for (const item of response.items) {
    const result = Object.values(item)[0];
    if (result?.error && result.status !== 404) return `${result._id}: ${result.error.type}: ${result.error.reason ?? ''}`;
  }
  return null;
}
