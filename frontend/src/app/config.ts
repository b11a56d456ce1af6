/**
 * Public client configuration, read once from Vite's build-time environment (see `vite-env.d.ts`).
 * Blank values count as "not configured" so an empty variable in a deployment file switches a feature off.
 */
function read(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const env = import.meta.env;

export interface SocialLinks {
  telegram?: string;
  instagram?: string;
  x?: string;
  facebook?: string;
}

export interface AdsConfig {
  conversionId: string;
  labels: { purchase?: string; click?: string; signup?: string; view?: string };
}

export interface ClientConfig {
  appName: string;
  map: { tileUrl: string; attribution: string; maxZoom: number };
  social: SocialLinks;
  ads?: AdsConfig;
}

function parseMaxZoom(value: string | undefined): number {
  const zoom = Number(value);
  return Number.isInteger(zoom) && zoom >= 12 && zoom <= 22 ? zoom : 19;
}

function readAds(): AdsConfig | undefined {
  const conversionId = read(env.VITE_ADS_CONVERSION_ID);
  if (!conversionId) return undefined;
  return {
    conversionId,
    labels: {
      purchase: read(env.VITE_ADS_LABEL_PURCHASE),
      click: read(env.VITE_ADS_LABEL_CLICK),
      signup: read(env.VITE_ADS_LABEL_SIGNUP),
      view: read(env.VITE_ADS_LABEL_VIEW),
    },
  };
}

export const config: ClientConfig = {
  appName: read(env.VITE_APP_NAME) ?? 'Evently',
  map: {
    tileUrl: read(env.VITE_MAP_TILE_URL) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      read(env.VITE_MAP_TILE_ATTRIBUTION) ??
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    maxZoom: parseMaxZoom(env.VITE_MAP_MAX_ZOOM),
  },
  social: {
    telegram: read(env.VITE_SOCIAL_TELEGRAM_URL),
    instagram: read(env.VITE_SOCIAL_INSTAGRAM_URL),
    x: read(env.VITE_SOCIAL_X_URL),
    facebook: read(env.VITE_SOCIAL_FACEBOOK_URL),
  },
  ads: readAds(),
};
