import { describe, expect, it } from 'vitest';
import { eventsOptionsFromEnv } from './events-options.ts';

describe('events settings from the environment', () => {
  it('given nothing, then no affiliate program and the app decides the client address', () => {
    expect(eventsOptionsFromEnv({})).toEqual({
      affiliate: {
        ticketmaster: { template: undefined, params: {} },
        fever: { template: undefined, params: {} },
        default: { template: undefined, params: {} },
      },
      trustedProxies: null,
      linkOffers: true,
    });
  });

  it('given OFFER_MATCHING=off, then records of one show from several sellers are not linked', () => {
    expect(eventsOptionsFromEnv({ OFFER_MATCHING: 'off' }).linkOffers).toBe(false);
  });

  it('given program variables and proxy addresses, then each lands in its place', () => {
    const options = eventsOptionsFromEnv({
      TICKETMASTER_AFFILIATE_TEMPLATE: 'https://t.example/c?u={url}',
      FEVER_AFFILIATE_PARAMS: 'partner=evently&utm_source=site',
      AFFILIATE_DEFAULT_PARAMS: 'ref=evently',
      TRUSTED_PROXY_ADDRESSES: ' 10.0.0.2, ,10.0.0.3 ',
    });
    expect(options.affiliate.ticketmaster.template).toBe('https://t.example/c?u={url}');
    expect(options.affiliate.fever.params).toEqual({ partner: 'evently', utm_source: 'site' });
    expect(options.affiliate.default.params).toEqual({ ref: 'evently' });
    expect(options.trustedProxies).toEqual(['10.0.0.2', '10.0.0.3']);
  });

  it('given an exchange-rate feed, then the worker refreshes from it at the interval given; without one, nothing is fetched', () => {
    expect(
      eventsOptionsFromEnv({ FX_RATES_URL: ' https://rates.example/latest ', FX_REFRESH_MS: '3600000' }),
    ).toMatchObject({
      fxRatesUrl: 'https://rates.example/latest',
      fxRefreshMs: 3_600_000,
    });
    const without = eventsOptionsFromEnv({ FX_RATES_URL: '  ', FX_REFRESH_MS: 'often' });
    expect(without.fxRatesUrl).toBeUndefined();
    expect(without.fxRefreshMs).toBeUndefined();
  });
});
