/**
 * Serves the built SPA (`frontend/dist`). Vite's hashed files under `/assets/` never change, so browsers may
 * keep them for a year; everything else (index.html above all) is revalidated so a deploy shows at once.
 * Client-side routes such as `/event/42` have no file: a GET that wants HTML and names no file extension gets
 * index.html and react-router takes over. API paths never fall back, so an unknown `/api/...` stays a JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

export interface StaticFrontendOptions {
  /** Absolute path of the Vite build output. */
  root: string;
}

const SERVER_PATHS = /^\/(api|socket\.io)(\/|$)|^\/(healthz|readyz)$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';

function isNotFound(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return status === 404;
}

export function staticFrontend({ root }: StaticFrontendOptions): Middleware {
  const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
    const hashed = path.relative(root, file).split(path.sep)[0] === 'assets';
    res.setHeader('Cache-Control', hashed ? LONG_CACHE : 'no-cache');
  };

  return async (ctx, next) => {
    await next();
    const unanswered = ctx.status === 404 && ctx.body === undefined;
    if (!unanswered || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return;

    if (ctx.path !== '/') {
      try {
        await send(ctx, ctx.path, { root, index: false, setHeaders });
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }

    const wantsPage = path.extname(ctx.path) === '' && ctx.accepts('html') === 'html';
    if (!wantsPage) return;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client has not been built yet: run `npm run build:web`.';
      return;
    }
    await send(ctx, 'index.html', { root, setHeaders });
  };
}
