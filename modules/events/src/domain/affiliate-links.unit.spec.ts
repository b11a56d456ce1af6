import { describe, expect, it } from 'vitest';
import { affiliateUrl, parseParamList } from './affiliate-links.ts';

const links = (
  overrides: Partial<{ affiliate_url: string | null; purchase_url: string | null; original_url: string | null }> = {},
) => ({
  affiliate_url: null,
  purchase_url: 'https://www.ticketmaster.com/event/tm-1',
  original_url: null,
  ...overrides,
});

describe('affiliate links', () => {
  it('given a tracking template, then the stored purchase link is wrapped, encoded', () => {
    const url = affiliateUrl(links(), { template: 'https://ticketmaster.evyy.net/c/1/2/3?u={url}' });
    expect(url).toBe(
      `https://ticketmaster.evyy.net/c/1/2/3?u=${encodeURIComponent('https://www.ticketmaster.com/event/tm-1')}`,
    );
  });

  it('given params, then they are added to the stored link', () => {
    expect(affiliateUrl(links(), { params: { partner: 'evently' } })).toBe(
      'https://www.ticketmaster.com/event/tm-1?partner=evently',
    );
  });

  it('given a source-supplied affiliate link, then it is used as is', () => {
    expect(affiliateUrl(links({ affiliate_url: 'https://aff.example.com/x' }), { params: { a: 'b' } })).toBe(
      'https://aff.example.com/x',
    );
  });

  it('given no purchase link, then the original link is used; given none at all, then there is no link', () => {
    expect(affiliateUrl(links({ purchase_url: null, original_url: 'https://feverup.com/m/1' }), {})).toBe(
      'https://feverup.com/m/1',
    );
    expect(affiliateUrl(links({ purchase_url: null }), {})).toBeNull();
  });

  it('given a stored link that is not http(s), then it is never used', () => {
    expect(affiliateUrl(links({ purchase_url: 'javascript:alert(1)' }), {})).toBeNull();
  });

  it('given the env form of params, then it is read as pairs', () => {
    expect(parseParamList('partner=evently&utm_source=site')).toEqual({ partner: 'evently', utm_source: 'site' });
    expect(parseParamList(undefined)).toEqual({});
  });
});
