/**
 * Serves the built SPA (`frontend/dist`). Vite's hashed files under `/assets/` never change, so browsers may
 * keep them for a year; everything else (index.html above all) is revalidated so a deploy shows at once.
 * Client-side routes such as `/event/42` have no file: a GET that wants HTML and names no file extension gets
 * index.html and react-router takes over. API paths never fall back, so an unknown `/api/...` stays a JSON 404.
 *
 * With `pages` (seo/seo-pages.ts) that index.html carries the page's own title, description, canonical URL,
 * social tags and JSON-LD, and a path the client's route table does not know is answered 404. With
 * `firstPaint` (first-paint/) home and event pages also carry their server-rendered first screen.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { FirstPaintRenderer } from './first-paint/first-paint-renderer.ts';
import { renderShell } from './seo/page-meta.ts';
import type { SeoPages } from './seo/seo-pages.ts';

export interface StaticFrontendOptions {
  /** Absolute path of the Vite build output. */
  root: string;
  /** Decides each page's status and head; without it index.html is sent as built. */
  pages?: SeoPages;
  /** Server-renders the landing pages' first paint into the shell (decision 025); without it every page is client-rendered. */
  firstPaint?: FirstPaintRenderer;
}

/** The built index.html, read again only when a new build replaced it. */
function indexReader(file: string): () => string {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

const SERVER_PATHS = /^\/(api|socket\.io)(\/|$)|^\/(healthz|readyz)$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';

function isNotFound(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return status === 404;
}

/** The start of the 503 a page request gets before `npm run build:web` has run. */
export const CLIENT_NOT_BUILT = 'The web client has not been built yet';
/** Marks that 503 (HEAD answers carry no body), so operators and tests can tell it from an outage. */
export const CLIENT_BUILD_HEADER = 'x-client-build';

export function staticFrontend({ root, pages, firstPaint }: StaticFrontendOptions): Middleware {
  const readIndex = indexReader(path.join(root, 'index.html'));
  const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
    const hashed = path.relative(root, file).split(path.sep)[0] === 'assets';
    res.setHeader('Cache-Control', hashed ? LONG_CACHE : 'no-cache');
  };

  return async (ctx, next) => {
    await next();
    const unanswered = ctx.status === 404 && ctx.body === undefined;
    if (!unanswered || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return;

    // Every built file has an extension: a browser's page request goes straight to the page, without a look
    // on disk for a file that cannot be there (a stat per page under load).
    const wantsPage = path.extname(ctx.path) === '' && ctx.accepts('html') === 'html';
    if (ctx.path !== '/' && !wantsPage) {
      try {
        await send(ctx, ctx.path, { root, index: false, setHeaders });
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    if (!wantsPage) return;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.set(CLIENT_BUILD_HEADER, 'missing');
      ctx.body = `${CLIENT_NOT_BUILT}: run \`npm run build:web\`.`;
      return;
    }
    if (!pages) {
      await send(ctx, 'index.html', { root, setHeaders });
      return;
    }
    const userAgent = ctx.get('User-Agent');
    // A page drawn for a visitor counts a view of its event, as the API's event answer does; the first paint
    // then draws it from this one read.
    const page = await pages.resolve(ctx.path, {
      countView: ctx.method === 'GET' && firstPaint !== undefined,
      userAgent,
    });
    if (page.movedTo) {
      // An offer's old event URL: shared links keep working and search engines move their ranking.
      ctx.status = 301;
      ctx.redirect(`${page.movedTo}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const shell = renderShell(readIndex(), page.meta);
    const painted =
      page.status === 200 && ctx.method === 'GET' && firstPaint
        ? await firstPaint.render(ctx.url, shell, { userAgent, ...(page.event ? { event: page.event } : {}) })
        : null;
    ctx.body = painted ?? shell;
  };
}
