/**
 * A yes/no choice a visitor makes once and keeps on later visits, kept in local storage as `true`/`false`.
 * Storage can refuse (private browsing, a full quota): reading then says no, and a choice lasts for this visit.
 */
export function readStoredFlag(
  key: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeStoredFlag(
  key: string,
  value: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(key, String(value));
  } catch {
    // Refused: the choice lasts for this visit.
  }
}
