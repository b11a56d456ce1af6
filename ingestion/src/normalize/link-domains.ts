/**
 * Where a feed's buy links may point. A feed record is data from outside: a compromised or careless partner
 * feed could send `https://evil.example/phish` as the buy link, and we would hand it to visitors as the way
 * to buy a ticket. So each event source has an allow-list of its seller and affiliate domains, and a record
 * whose purchase, original or affiliate link falls outside it is quarantined instead of published.
 */
import type { SourceEventInput } from '@evently/events';

/** Event source (`ticketmaster`, `fever`) -> registrable domains; a subdomain of a listed domain is allowed. */
export type LinkAllowList = Readonly<Record<string, readonly string[]>>;

const TICKETMASTER_COUNTRY_DOMAINS = [
  'ticketmaster.com',
  'ticketmaster.ca',
  'ticketmaster.com.mx',
  'ticketmaster.co.uk',
  'ticketmaster.ie',
  'ticketmaster.es',
  'ticketmaster.de',
  'ticketmaster.fr',
  'ticketmaster.nl',
  'ticketmaster.be',
  'ticketmaster.at',
  'ticketmaster.ch',
  'ticketmaster.it',
  'ticketmaster.dk',
  'ticketmaster.se',
  'ticketmaster.no',
  'ticketmaster.fi',
  'ticketmaster.pl',
  'ticketmaster.cz',
  'ticketmaster.com.au',
  'ticketmaster.co.nz',
  'ticketmaster.co.za',
  'ticketmaster.ae',
];

/**
 * Defaults: the Discovery API's own sites (Ticketmaster's country sites and the Live Nation family it sells
 * through) and its Impact affiliate click domain; Fever's site. Operators widen or narrow them per source
 * with `TICKETMASTER_LINK_DOMAINS` and `FEVER_LINK_DOMAINS` (docs/operations.md).
 */
export const DEFAULT_LINK_DOMAINS: LinkAllowList = {
  ticketmaster: [
    ...TICKETMASTER_COUNTRY_DOMAINS,
    'livenation.com',
    'ticketweb.com',
    'ticketweb.co.uk',
    'universe.com',
    'ticketmaster.evyy.net',
  ],
  fever: ['feverup.com'],
};

const LINK_FIELDS = ['purchase_url', 'original_url', 'affiliate_url'] as const;

export function hostAllowed(url: string, domains: readonly string[]): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Null when every outbound link of the event is on its source's list, otherwise the quarantine reason. */
export function offDomainLinkReason(event: SourceEventInput, allowList: LinkAllowList): string | null {
  const domains = allowList[event.source];
  for (const field of LINK_FIELDS) {
    const url = event[field];
    if (!url) continue;
    if (!domains) return `${field} not allowed: no link allow-list for source ${event.source}`;
    if (!hostAllowed(url, domains)) {
      const host = URL.canParse(url) ? new URL(url).hostname : 'an unreadable address';
      return `${field} outside the allowed seller domains of ${event.source}: ${host}`;
    }
  }
  return null;
}
