import { readStoredFlag, writeStoredFlag } from '../../lib/dom/stored-flag.ts';

/** Spec 01 §3: the 'Only in view' choice persists in local storage under the key only_in_view. */
export const ONLY_IN_VIEW_KEY = 'only_in_view';

export const readOnlyInView = (storage?: Pick<Storage, 'getItem'>): boolean =>
  readStoredFlag(ONLY_IN_VIEW_KEY, storage);

export const writeOnlyInView = (value: boolean, storage?: Pick<Storage, 'setItem'>): void =>
  writeStoredFlag(ONLY_IN_VIEW_KEY, value, storage);
