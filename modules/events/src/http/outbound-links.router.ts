/**
 * Buy-flow link endpoints (spec 01 §7): `{ affiliate_url }` for ticketmaster, fever and generic/Gift Cards
 * events. The link is built only from our stored catalogue (see domain/affiliate-links.ts).
 */
import Router, { type RouterContext } from '@koa/router';
import type {
  OutboundProgram,
  OutboundResult,
} from '../application/commands/track-outbound-click/track-outbound-click.ts';
import type { AffiliateLink } from '../contracts/index.ts';
import { EVENT_NOT_FOUND } from './events.router.ts';

export function createOutboundLinksRouter(
  track: (program: OutboundProgram, ref: string) => Promise<OutboundResult>,
): Router {
  const router = new Router({ prefix: '/api' });

  async function answer(ctx: RouterContext, program: OutboundProgram, ref: string) {
    const result = await track(program, ref);
    ctx.set('Cache-Control', 'no-store');
    if (result.status === 'ok') {
      ctx.body = { affiliate_url: result.affiliate_url } satisfies AffiliateLink;
      return;
    }
    ctx.status = 404;
    ctx.body = { error: result.status === 'not_found' ? EVENT_NOT_FOUND : 'No purchase link for this event' };
  }

  router.get('/ticketmaster/tracking-link/:ref', (ctx) => answer(ctx, 'ticketmaster', ctx.params.ref ?? ''));
  router.get('/feverup/tracking-link/:ref', (ctx) => answer(ctx, 'fever', ctx.params.ref ?? ''));
  router.get('/affiliate/redirect/:ref', (ctx) => answer(ctx, 'affiliate', ctx.params.ref ?? ''));
  return router;
}
