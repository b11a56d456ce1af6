/**
 * The API reads JSON bodies only. A request body of any other type gets 415 before a route runs, whether the
 * route reads a body or not: a plain HTML form can post urlencoded, multipart or text/plain bodies from any
 * page without a CORS preflight, while a JSON body from another origin always needs one.
 *
 * A route that takes an HTML form (a server-rendered page's button, the RFC 8058 one-click unsubscribe that mail
 * clients post urlencoded) says so by listing `acceptFormBodies` among its middleware.
 */
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { acceptFormBodies } from '@evently/platform';

export const JSON_ONLY_MESSAGE = 'Request body must be JSON (Content-Type: application/json)';

export function jsonBodiesOnly(routers: Router[]): Middleware {
  const takesForms = (ctx: Context) =>
    routers.some((router) =>
      router.match(ctx.path, ctx.method).pathAndMethod.some((layer) => layer.stack.includes(acceptFormBodies)),
    );

  return async (ctx, next) => {
    // An empty body is no body (`is` counts `Content-Length: 0`, which fetch sends on a bare POST), and
    // neither is a chunked one without a type (Node's client streams bare PROPFINDs so): the body parser
    // reads neither. JSON means exactly `application/json` (any charset), what every client of ours sends.
    const length = ctx.request.length;
    const chunked = ctx.get('Transfer-Encoding') !== '';
    if (!chunked && !length) return next();
    if (chunked && !ctx.get('Content-Type')) return next();
    const type = ctx.request.is('urlencoded', 'application/json');
    if (type === 'application/json') return next();
    if (type === 'urlencoded' && takesForms(ctx)) return next();
    ctx.status = 415;
    ctx.body = { error: JSON_ONLY_MESSAGE };
  };
}
