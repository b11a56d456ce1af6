/** The browser side of the buy flow: the tracking-link HTTP call and the new tab. */
import type { PendingTab } from './buy-tickets.ts';

/**
 * Reads `affiliate_url` from a tracking-link answer. A non-OK status rejects so the caller falls back; 204,
 * 304, an empty or a non-JSON body count as an empty answer (spec 01 §7).
 */
export async function fetchTrackingLink(path: string, fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const response = await fetchImpl(`/api/${path}`, { headers: { Accept: 'application/json' } });
  if (response.status === 204 || response.status === 304) return undefined;
  if (!response.ok) throw new Error(`tracking link answered ${response.status}`);
  return affiliateUrlFrom(await response.text());
}

export function affiliateUrlFrom(body: string): string | undefined {
  if (!body.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const url = (parsed as { affiliate_url?: unknown }).affiliate_url;
  return typeof url === 'string' && url.trim() ? url.trim() : undefined;
}

/**
 * Opens a blank tab inside the click (a tab opened after an await is blocked as a popup) and points it at the
 * link once known. The blank tab is cut off from this page; if the browser refused it, the link opens directly.
 */
export function openBrowserTab(win: Window = window): PendingTab {
  const child = win.open('', '_blank');
  if (child) child.opener = null;
  return {
    navigate(url) {
      if (child && !child.closed) child.location.href = url;
      else win.open(url, '_blank', 'noopener,noreferrer');
    },
    close() {
      child?.close();
    },
  };
}
