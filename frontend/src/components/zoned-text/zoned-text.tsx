/**
 * Text read from time zone data: a venue's local time, its offset, its calendar day. The server paints it with
 * Node's zone data and the browser hydrates with its own, and the two can disagree: a region that changed its
 * clock rules is known to the newer data only (on 2026-11-26 Chromium put Vancouver at GMT-7 and Node at GMT-8).
 * A text mismatch makes React discard the server's markup and build the whole page again, so hydration keeps
 * the server's text here without complaint, and the element is then replaced by the browser's own text.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False while the server renders and while the browser hydrates its markup; true from then on. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export function ZonedText({ children, className }: { children: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? 'browser' : 'server'} className={className} suppressHydrationWarning>
      {children}
    </span>
  );
}
