import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { fetchTrackingLink, openBrowserTab } from './browser-adapters.ts';
import { buyTickets, type BuyAnalytics, type BuyOutcome } from './buy-tickets.ts';
import type { VisitorEvent } from '../format/event.ts';

/**
 * What the app shell may plug into every Buy Tickets button: the advertising tag's hooks and, if it wants the
 * calls to go through its own client, the tracking-link resolver. Without a provider the buttons still work
 * (plain fetch, no analytics).
 */
export interface BuyFlowSettings {
  analytics?: BuyAnalytics;
  resolveTrackingLink?: (path: string) => Promise<string | undefined>;
}

const BuyFlowContext = createContext<BuyFlowSettings>({});

export function BuyFlowProvider({ value, children }: { value: BuyFlowSettings; children: ReactNode }) {
  return <BuyFlowContext.Provider value={value}>{children}</BuyFlowContext.Provider>;
}

/** The settings in effect, so a page can extend them (e.g. swap the resolver) and keep the shell's analytics. */
export function useBuyFlowSettings(): BuyFlowSettings {
  return useContext(BuyFlowContext);
}

export function useBuyTickets(): (event: VisitorEvent) => Promise<BuyOutcome> {
  const { analytics, resolveTrackingLink = fetchTrackingLink } = useContext(BuyFlowContext);
  return useCallback(
    (event: VisitorEvent) =>
      buyTickets(event, {
        resolveTrackingLink: (path) => resolveTrackingLink(path),
        openPendingTab: () => openBrowserTab(),
        analytics,
        logWarning: (message, detail) => console.warn(`[buy-flow] ${message}`, detail),
      }),
    [analytics, resolveTrackingLink],
  );
}
