/**
 * Security headers for every answer. The Content-Security-Policy fits the built SPA: scripts and styles only
 * from our origin (Vite emits files, no inline script), images from anywhere over https because event images
 * and OpenStreetMap tiles live on other hosts, `data:`/`blob:` for generated placeholders and Leaflet's
 * icons, and websocket connections back to us for socket.io. Inline style *attributes* are allowed because
 * Leaflet and React position elements with them.
 */
import type { Middleware } from 'koa';

export interface SecurityHeadersOptions {
  /** Adds Strict-Transport-Security when the public URL is https (browsers ignore it over http anyway). */
  https: boolean;
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders({ https }: SecurityHeadersOptions): Middleware {
  return async (ctx, next) => {
    ctx.set({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
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
