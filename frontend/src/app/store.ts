import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api.ts';
import type { QueryContext } from './base-query.ts';
import { createLiveConnections, type LiveContext } from '../lib/realtime/live-connections.ts';
import { toastSlice } from '../components/toast/toast-slice.ts';
import { liveStatusSlice } from '../components/live-status/live-status-slice.ts';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [toastSlice.name]: toastSlice.reducer,
  [liveStatusSlice.name]: liveStatusSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds a fresh store; tests pass a preloaded state instead of mutating a shared singleton. The server's
 * renderer passes the API's origin, and has no window events to listen to. Each store has its own live
 * connections (one socket per namespace, shared by the views that follow it), opened only when a view asks.
 */
export function createStore(preloadedState?: Partial<RootState>, context: QueryContext = {}) {
  const extraArgument: QueryContext & LiveContext = { ...context, live: createLiveConnections() };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument } }).concat(api.middleware),
  });
  if (!context.apiOrigin) setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
