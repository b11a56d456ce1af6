/**
 * Rate limits key on the client address, so `TRUSTED_PROXIES` must match how the app is reached (operations
 * guide, "Proxies and client addresses"). Both mistakes are visible in the traffic, and each is logged once per
 * process, as a structured warning, the first time it shows:
 * - `TRUSTED_PROXIES=0` but requests carry forwarding headers: the app sits behind a proxy it does not believe,
 *   so every visitor shares the proxy's address (one visitor's wrong passwords slow the administrator's down);
 * - `TRUSTED_PROXIES>0` but a request arrives without `X-Forwarded-For`: the app is reachable around the
 *   proxy, where a client can write any `X-Forwarded-For` it likes and rotate past every limit.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;
/** Orchestrator probes call the app directly by design; they say nothing about client traffic. */
const PROBES = new Set(['/healthz', '/readyz']);

export function forwardedHeadersCheck({
  trustedProxies,
  logger,
}: {
  trustedProxies: number;
  logger: Logger;
}): Middleware {
  let warned = false;
  return async (ctx, next) => {
    if (!warned && !PROBES.has(ctx.path)) {
      const present = FORWARDING_HEADERS.filter((name) => ctx.get(name) !== '');
      if (trustedProxies === 0 && present.length > 0) {
        warned = true;
        logger.warn(
          { setting: 'TRUSTED_PROXIES', value: 0, headers: present, remote_address: ctx.request.socket.remoteAddress },
          'forwarded headers arrive but are not trusted: every client behind the proxy shares one address for rate limits; set TRUSTED_PROXIES to the number of proxies in front of the app',
        );
      } else if (trustedProxies > 0 && ctx.get('x-forwarded-for') === '') {
        warned = true;
        logger.warn(
          { setting: 'TRUSTED_PROXIES', value: trustedProxies, remote_address: ctx.request.socket.remoteAddress },
          'a request reached the app without X-Forwarded-For although proxies are trusted: if clients can reach the app directly they can forge their address; publish only the proxy',
        );
      }
    }
    await next();
  };
}
