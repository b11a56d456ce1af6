/**
 * GET /api/geo/ip: the caller's approximate position. With `trustedProxies` configured the client address
 * is taken from X-Forwarded-For only when the connection comes from one of them; without it, the app's own
 * proxy setting decides (`ctx.ip`).
 */
import Router from '@koa/router';
import type { IpLocationAnswer, IpNotLocated } from '../contracts/index.ts';
import { clientIp } from '../domain/client-ip.ts';
import type { LocateResult } from '../application/queries/locate-ip/locate-ip.ts';

export function createGeoIpRouter(
  locateIp: (ip: string | null) => Promise<LocateResult>,
  trustedProxies: readonly string[] | null,
): Router {
  const router = new Router({ prefix: '/api/geo' });
  router.get('/ip', async (ctx) => {
    const ip = trustedProxies
      ? clientIp(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined, trustedProxies)
      : ctx.ip;
    const result = await locateIp(ip);
    ctx.set('Cache-Control', 'private, no-store');
    // A reason code beside the text, so a client can tell the visitor why (and what to do) in its own words.
    if (result.status === 'private') {
      ctx.status = 404;
      ctx.body = {
        error: 'Location not available for a private or local address',
        reason: 'private_address',
      } satisfies IpNotLocated;
      return;
    }
    if (result.status === 'unknown') {
      ctx.status = 404;
      ctx.body = { error: 'Location not found for this address', reason: 'no_data' } satisfies IpNotLocated;
      return;
    }
    ctx.body = {
      latitude: result.latitude,
      longitude: result.longitude,
      city: result.city,
      country_code: result.country_code,
      meta: result.meta,
    } satisfies IpLocationAnswer;
  });
  return router;
}
