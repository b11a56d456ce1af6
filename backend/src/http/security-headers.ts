/**
 * Security headers for every answer. The Content-Security-Policy fits the built SPA: scripts and styles only
 * from our origin (Vite emits files; the only inline script is the first paint's entry loader, by its hash), images from anywhere over https because event images
 * and OpenStreetMap tiles live on other hosts, `data:`/`blob:` for generated placeholders and Leaflet's
 * icons, and websocket connections back to us for socket.io. Inline style *attributes* are allowed because
 * Leaflet and React position elements with them.
 */
import type { Middleware } from 'koa';
import { ENTRY_LOADER_CSP_SOURCE } from './first-paint/first-paint-shell.ts';

export interface SecurityHeadersOptions {
  /** Adds Strict-Transport-Security when the public URL is https (browsers ignore it over http anyway). */
  https: boolean;
  /**
   * The advertising tag is configured (`VITE_ADS_CONVERSION_ID` at build time): admit its script, beacons and
   * conversion frames. Without it the policy names no third party at all.
   */
  adsTag?: boolean;
}

/** Hosts the Google Ads tag loads its script from and reports conversions to. */
const ADS_SCRIPT_HOSTS = ['https://www.googletagmanager.com', 'https://www.googleadservices.com'];
const ADS_CONNECT_HOSTS = [
  'https://www.google.com',
  'https://www.googleadservices.com',
  'https://*.doubleclick.net',
  'https://*.google-analytics.com',
];
const ADS_FRAME_HOSTS = ['https://td.doubleclick.net', 'https://www.googletagmanager.com'];

export function contentSecurityPolicy(adsTag = false): string {
  const extra = (hosts: string[]) => (adsTag ? ` ${hosts.join(' ')}` : '');
  return [
    "default-src 'self'",
    // The one inline script: the loader of a server-rendered page's entry, admitted by its hash (decision 025).
    `script-src 'self' ${ENTRY_LOADER_CSP_SOURCE}${extra(ADS_SCRIPT_HOSTS)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${extra(ADS_CONNECT_HOSTS)}`,
    ...(adsTag ? [`frame-src ${ADS_FRAME_HOSTS.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders({ https, adsTag = false }: SecurityHeadersOptions): Middleware {
  const policy = contentSecurityPolicy(adsTag);
  return async (ctx, next) => {
    ctx.set({
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      // Nearby search asks for the visitor's position; nothing else needs powerful features.
      'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
    });
    if (https) ctx.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    await next();
  };
}
