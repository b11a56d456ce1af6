import { describe, expect, it } from 'vitest';
import type { SourceEventInput } from '@evently/events';
import { DEFAULT_LINK_DOMAINS, hostAllowed, offDomainLinkReason } from './link-domains.ts';

const event = (overrides: Partial<SourceEventInput>) =>
  ({ source: 'ticketmaster', external_id: 'x', ...overrides }) as SourceEventInput;

describe('outbound link allow-list', () => {
  it('allows a listed domain and its subdomains, nothing that only looks like it', () => {
    const domains = ['ticketmaster.com'];
    expect(hostAllowed('https://www.ticketmaster.com/event/1', domains)).toBe(true);
    expect(hostAllowed('https://TICKETMASTER.COM./x', domains)).toBe(true);
    expect(hostAllowed('https://evil.example/phish', domains)).toBe(false);
    expect(hostAllowed('https://ticketmaster.com.evil.example/', domains)).toBe(false);
    expect(hostAllowed('https://notticketmaster.com/', domains)).toBe(false);
    expect(hostAllowed('https://www.ticketmaster.com@evil.example/', domains)).toBe(false);
  });

  it('given the default lists, when a buy link leaves the seller, then the reason names the field and host', () => {
    expect(
      offDomainLinkReason(event({ purchase_url: 'https://www.ticketmaster.co.uk/e/1' }), DEFAULT_LINK_DOMAINS),
    ).toBeNull();
    expect(
      offDomainLinkReason(
        event({ source: 'fever', original_url: 'https://feverup.com/m/1', purchase_url: 'https://evil.example/phish' }),
        DEFAULT_LINK_DOMAINS,
      ),
    ).toBe('purchase_url outside the allowed seller domains of fever: evil.example');
    expect(
      offDomainLinkReason(event({ affiliate_url: 'https://ticketmaster.evyy.net/c/1/2/3?u=x' }), DEFAULT_LINK_DOMAINS),
    ).toBeNull();
    expect(
      offDomainLinkReason(event({ source: 'other', purchase_url: 'https://shop.example/' }), DEFAULT_LINK_DOMAINS),
    ).toMatch(/no link allow-list for source other/);
    expect(offDomainLinkReason(event({ source: 'other' }), DEFAULT_LINK_DOMAINS)).toBeNull();
  });
});
