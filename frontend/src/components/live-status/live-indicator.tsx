import { useSelector } from 'react-redux';
import type { LiveState } from '../../lib/realtime/live-connections.ts';
import './live-indicator.css';

interface Props {
  channel: string;
}

const TEXT: Record<LiveState, string> = {
  connecting: '',
  connected: 'Live',
  reconnecting: 'Reconnecting…',
  refused: '',
};

/**
 * A small live-region badge: 'Live' while pushes arrive, 'Reconnecting…' while a socket that was connected is
 * down. The region stays in the DOM so screen readers announce the change.
 */
export function LiveIndicator({ channel }: Props) {
  // Typed locally: the store's RootState lives in app/, which components do not import.
  const state = useSelector((root: { liveStatus: Record<string, LiveState> }) => root.liveStatus[channel]);
  const text = state ? TEXT[state] : '';
  return (
    <p role="status" className={`live-indicator${state ? ` live-indicator--${state}` : ''}`} hidden={!text}>
      {text}
    </p>
  );
}
