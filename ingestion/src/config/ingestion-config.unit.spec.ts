import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_DOMAINS } from '../normalize/link-domains.ts';
import { loadIngestionConfig } from './ingestion-config.ts';

describe('buy-link allow-lists from the environment', () => {
  it('uses the defaults when nothing is set', () => {
    expect(loadIngestionConfig({}).linkDomains).toEqual(DEFAULT_LINK_DOMAINS);
  });

  it('replaces one source list and keeps the other default', () => {
    const { linkDomains } = loadIngestionConfig({ FEVER_LINK_DOMAINS: 'FeverUp.com, fever.partner.example' });
    expect(linkDomains.fever).toEqual(['feverup.com', 'fever.partner.example']);
    expect(linkDomains.ticketmaster).toEqual(DEFAULT_LINK_DOMAINS.ticketmaster);
  });

  it('refuses something that is not a domain, naming the variable', () => {
    expect(() => loadIngestionConfig({ TICKETMASTER_LINK_DOMAINS: 'https://evil.example/' })).toThrow(
      /^Invalid configuration: TICKETMASTER_LINK_DOMAINS must be/,
    );
  });
});
