/**
 * Settings of the events module that come from the environment (secrets and deployment facts), read once by
 * the composition root or defaulted here. Documented in docs/affiliates.md.
 */
import { parseParamList, type AffiliateSettings } from './domain/affiliate-links.ts';
import type { AccommodationsProvider } from './application/queries/accommodations/accommodations-provider.ts';
import type { IpLocator } from './application/queries/locate-ip/locate-ip.ts';

export interface EventsOptions {
  affiliate: AffiliateSettings;
  /**
   * Addresses of our own reverse proxies. When set, `/api/geo/ip` believes X-Forwarded-For only on
   * connections from them; when null, the app's proxy setting (`ctx.ip`) decides.
   */
  trustedProxies: string[] | null;
  /** Defaults to the stays collection loaded from the bundled feed. */
  accommodations?: AccommodationsProvider;
  /** Defaults to the offline GeoLite2 City database. */
  ipLocator?: IpLocator;
  /**
   * How long views and clicks are counted in memory before one write per event (`ACTIVITY_FLUSH_MS`).
   * Default 0: every view writes through. The composition root, which knows the engines, sets it where
   * writers race on one document (MongoDB: 2000).
   */
  activityFlushMs?: number;
  /**
   * Link records of one performance from several sellers into one canonical event with offers.
   * Off unless set; `eventsOptionsFromEnv` turns it on unless `OFFER_MATCHING=off`. Tests of single-source
   * behaviour keep it off, so their look-alike fixtures stay separate events.
   */
  linkOffers?: boolean;
  /**
   * The exchange-rate feed a worker refreshes the rates from (`FX_RATES_URL`, format in
   * infra/exchange-rates/rates-feed.ts); none: the bundled table stays in effect.
   */
  fxRatesUrl?: string;
  /** Between two refreshes of the rates (`FX_REFRESH_MS`, default 6 h). */
  fxRefreshMs?: number;
  /**
   * Called by the worker once a new rates table is stored, to re-project what was converted with the old one
   * (the composition root rebuilds the events search index).
   */
  onRatesChanged?: () => Promise<unknown>;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

export function eventsOptionsFromEnv(env: Record<string, string | undefined>): EventsOptions {
  const proxies = list(env.TRUSTED_PROXY_ADDRESSES);
  return {
    affiliate: {
      ticketmaster: {
        template: env.TICKETMASTER_AFFILIATE_TEMPLATE || undefined,
        params: parseParamList(env.TICKETMASTER_AFFILIATE_PARAMS),
      },
      fever: {
        template: env.FEVER_AFFILIATE_TEMPLATE || undefined,
        params: parseParamList(env.FEVER_AFFILIATE_PARAMS),
      },
      default: {
        template: env.AFFILIATE_DEFAULT_TEMPLATE || undefined,
        params: parseParamList(env.AFFILIATE_DEFAULT_PARAMS),
      },
    },
    trustedProxies: proxies.length > 0 ? proxies : null,
    linkOffers: env.OFFER_MATCHING?.trim().toLowerCase() !== 'off',
    ...(env.ACTIVITY_FLUSH_MS && Number.isInteger(Number(env.ACTIVITY_FLUSH_MS))
      ? { activityFlushMs: Number(env.ACTIVITY_FLUSH_MS) }
      : {}),
    ...(env.FX_RATES_URL?.trim() ? { fxRatesUrl: env.FX_RATES_URL.trim() } : {}),
    ...(env.FX_REFRESH_MS && Number.isInteger(Number(env.FX_REFRESH_MS)) && Number(env.FX_REFRESH_MS) > 0
      ? { fxRefreshMs: Number(env.FX_REFRESH_MS) }
      : {}),
  };
}
