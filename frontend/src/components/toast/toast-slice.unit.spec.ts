import { describe, expect, it } from 'vitest';
import { dismissToast, showToast, TOAST_LIMIT, toastSlice } from './toast-slice.ts';

describe('toasts', () => {
  it('keeps at most 3, dropping the oldest', () => {
    let state = toastSlice.reducer(undefined, { type: 'init' });
    for (const message of ['a', 'b', 'c', 'd']) state = toastSlice.reducer(state, showToast({ message }));
    expect(TOAST_LIMIT).toBe(3);
    expect(state.items.map((toast) => toast.message)).toEqual(['b', 'c', 'd']);
  });

  it('dismisses one by id', () => {
    let state = toastSlice.reducer(undefined, showToast({ message: 'a' }));
    state = toastSlice.reducer(state, showToast({ message: 'b' }));
    state = toastSlice.reducer(state, dismissToast(state.items[0]?.id ?? -1));
    expect(state.items.map((toast) => toast.message)).toEqual(['b']);
  });
});
