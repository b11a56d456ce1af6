import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Spec 01 §9: at most 3 toasts visible, each closing after 4000 ms. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

interface ToastState {
  nextId: number;
  items: Toast[];
}

const initialState: ToastState = { nextId: 1, items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    showToast(state, action: PayloadAction<{ message: string; kind?: ToastKind }>) {
      state.items.push({ id: state.nextId, kind: action.payload.kind ?? 'info', message: action.payload.message });
      state.nextId += 1;
      // The oldest toast gives way so no more than the limit are ever on screen.
      if (state.items.length > TOAST_LIMIT) state.items.splice(0, state.items.length - TOAST_LIMIT);
    },
    dismissToast(state, action: PayloadAction<number>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
