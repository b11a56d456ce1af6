/**
 * The id tie-break both engines share: ids that are canonical integers ("42", at most 15 digits so they stay
 * exact doubles) order numerically and before every other id, which orders as a string. Callers need no padding.
 */
const CANONICAL_INTEGER = /^(0|[1-9]\d{0,14})$/;

export function numericId(id: string): number | null {
  return CANONICAL_INTEGER.test(id) ? Number(id) : null;
}

/** Index and field names become SQL identifiers and Elasticsearch names, so they are kept plain. */
export function assertPlainName(kind: string, name: string): void {
  if (!/^[a-z][a-z0-9_]*$/i.test(name)) throw new Error(`${kind} name must be letters, digits and _: ${name}`);
}

/** The id a sort key stands for: `numericId` gives canonical integers as numbers, which print back the same. */
export function idOfKey(key: number | string): string {
  return typeof key === 'number' ? String(key) : key;
}
