/// <reference types="vite/client" />

// Public, build-time configuration. Everything here ends up in the browser bundle, so only values that are
// safe to publish belong here (no secrets).
interface ImportMetaEnv {
  readonly VITE_APP_NAME?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
  readonly VITE_MAP_MAX_ZOOM?: string;
  readonly VITE_SOCIAL_TELEGRAM_URL?: string;
  readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  readonly VITE_SOCIAL_X_URL?: string;
  readonly VITE_SOCIAL_FACEBOOK_URL?: string;
  readonly VITE_ADS_CONVERSION_ID?: string;
  readonly VITE_ADS_LABEL_PURCHASE?: string;
  readonly VITE_ADS_LABEL_CLICK?: string;
  readonly VITE_ADS_LABEL_SIGNUP?: string;
  readonly VITE_ADS_LABEL_VIEW?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
