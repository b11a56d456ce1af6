/**
 * Which fields a query's filters guarantee a value for. Its own file because both the SQL builder and the
 * ordered walk ask it, and the walk is itself used by the SQL builder's keyword order.
 */
import type { SearchQuery } from '@evently/platform';

/** Fields whose filters guarantee a value, so an ascending sort needs no "missing last" term (and can use its index). */
export function fieldsKnownPresent(query: Pick<SearchQuery, 'filters'>): Set<string> {
  const present = new Set<string>();
  for (const clause of query.filters ?? []) {
    if (clause.op !== 'exists' || clause.exists) present.add(clause.field);
  }
  return present;
}
