import { config, type AdsConfig } from '../../app/config.ts';

/**
 * The advertising tag (spec 01 §7 "Analytics"). It is only loaded when a conversion id is configured; without
 * one every tracking call is a no-op, so no third-party script or request leaves the visitor's browser.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loaded = false;

export function ensureAdsTag(ads: AdsConfig | undefined = config.ads): boolean {
  if (!ads) return false;
  if (loaded) return true;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  // gtag's documented bootstrap: queue calls on dataLayer until the script has arrived.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag reads the Arguments object itself, not an array
    window.dataLayer?.push(arguments);
  };
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ads.conversionId)}`;
  document.head.appendChild(script);
  window.gtag('js', new Date());
  window.gtag('config', ads.conversionId, { send_page_view: false });
  return true;
}

function send(name: string, params: Record<string, unknown>): void {
  if (!ensureAdsTag()) return;
  window.gtag?.('event', name, params);
}

function conversion(label: string | undefined, params: Record<string, unknown> = {}): void {
  const ads = config.ads;
  if (!ads || !label) return;
  send('conversion', { send_to: `${ads.conversionId}/${label}`, ...params });
}

export function trackPageView(title: string, path: string): void {
  send('page_view', { page_title: title, page_path: path });
  conversion(config.ads?.labels.view);
}

export function trackSearch(term: string, resultCount: number): void {
  send('search', { search_term: term, result_count: resultCount });
}

export function trackViewItem(item: { id: number | string; name: string; category?: string | null }): void {
  send('view_item', {
    items: [{ item_id: String(item.id), item_name: item.name, item_category: item.category ?? undefined }],
  });
}

export function trackAffiliateClick(eventId: number | string, target: string): void {
  send('affiliate_click', { event_id: String(eventId), link_url: target });
  conversion(config.ads?.labels.click);
}

export function trackPurchaseConversion(eventId: number | string, value?: number | null, currency = 'USD'): void {
  conversion(config.ads?.labels.purchase, {
    transaction_id: `${eventId}-${Date.now()}`,
    value: value ?? undefined,
    currency,
  });
}

export function trackSignup(): void {
  conversion(config.ads?.labels.signup);
}
