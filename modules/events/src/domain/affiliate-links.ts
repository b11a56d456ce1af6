/**
 * Outbound links with our affiliate tracking (docs/affiliates.md). The destination always comes from the
 * event's stored links (`affiliate_url`, else `purchase_url`, else `original_url`); the program settings only
 * wrap it (a tracking template with `{url}`) or add query parameters. Nothing from the request ever becomes
 * part of the address, so these endpoints cannot be used as an open redirect.
 */
export interface AffiliateProgram {
  /** A tracking URL containing `{url}`, replaced by the encoded destination, e.g. an Impact click link. */
  template?: string;
  /** Query parameters appended to the destination, e.g. `{ partner: 'evently' }`. */
  params?: Record<string, string>;
}

export interface AffiliateSettings {
  ticketmaster: AffiliateProgram;
  fever: AffiliateProgram;
  /** Gift Cards and every other source. */
  default: AffiliateProgram;
}

export const NO_AFFILIATE_PROGRAMS: AffiliateSettings = { ticketmaster: {}, fever: {}, default: {} };

function httpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function programFor(source: string, settings: AffiliateSettings): AffiliateProgram {
  if (source === 'ticketmaster') return settings.ticketmaster;
  if (source === 'fever') return settings.fever;
  return settings.default;
}

export function affiliateUrl(
  event: { affiliate_url: string | null; purchase_url: string | null; original_url: string | null },
  program: AffiliateProgram,
): string | null {
  // A source-supplied affiliate link is already tracked; wrapping it again would double-count.
  const tracked = httpUrl(event.affiliate_url);
  if (tracked) return tracked.toString();
  const destination = httpUrl(event.purchase_url) ?? httpUrl(event.original_url);
  if (!destination) return null;
  for (const [name, value] of Object.entries(program.params ?? {})) destination.searchParams.set(name, value);
  const template = httpUrl(program.template) ? program.template : undefined;
  if (template?.includes('{url}')) return template.replace('{url}', encodeURIComponent(destination.toString()));
  return destination.toString();
}

/** Reads `KEY=value&KEY2=value2` (the env form of `params`). */
export function parseParamList(value: string | undefined): Record<string, string> {
  if (!value) return {};
  return Object.fromEntries(new URLSearchParams(value));
}
