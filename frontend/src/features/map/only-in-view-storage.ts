/** Spec 01 §3: the 'Only in view' choice persists in local storage under the key only_in_view. */
export const ONLY_IN_VIEW_KEY = 'only_in_view';

export function readOnlyInView(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(ONLY_IN_VIEW_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeOnlyInView(
  value: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(ONLY_IN_VIEW_KEY, String(value));
  } catch {
    // Private browsing can refuse storage; the toggle then simply lasts for this visit.
  }
}
