import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveState } from '../../lib/realtime/live-connections.ts';

/**
 * The state of each live socket, keyed by channel ('admin', 'ticket:TT-2025-0001'). Sockets live inside RTK
 * Query cache lifecycles, so the components learn about them through the store rather than holding them.
 * 'reconnecting' means the socket was connected and is trying to come back.
 */
type LiveStatusState = Record<string, LiveState>;

const initialState: LiveStatusState = {};

export const liveStatusSlice = createSlice({
  name: 'liveStatus',
  initialState,
  reducers: {
    liveStateChanged(state, action: PayloadAction<{ channel: string; state: LiveState }>) {
      state[action.payload.channel] = action.payload.state;
    },
    liveChannelClosed(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
  },
});

export const { liveStateChanged, liveChannelClosed } = liveStatusSlice.actions;
