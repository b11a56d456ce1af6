/**
 * `/sitemap.xml` and `/robots.txt`. The sitemap lists the static pages and every live event that has not
 * started yet, and every published blog post. Events are
 * read in keyset pages and streamed out through the `sitemap` package, so memory stays bounded: at most one
 * sitemap's worth of references (50,000, the protocol's limit) is held while deciding between one file and a
 * sitemap index. Over the limit, `/sitemap.xml` becomes an index of `/sitemap-{n}.xml` files; file n streams
 * the same ordered pages and writes only its own slice.
 */
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { EnumChangefreq, SitemapIndexStream, SitemapStream, type SitemapItemLoose } from 'sitemap';
import type { UpcomingEventRef } from '@evently/events';

/** The protocol's cap on URLs per sitemap file. */
export const SITEMAP_LIMIT = 50_000;

/** Public pages worth a crawler's time (the admin panel, forms and thank-you pages are left out). */
export const STATIC_SITEMAP_PATHS = [
  '/',
  '/about',
  '/blog',
  '/reviews',
  '/support',
  '/partner',
  '/privacy',
  '/terms',
] as const;

export interface SitemapSources {
  publicUrl: string;
  /** Ordered pages of upcoming events; the same order on every call. */
  upcomingEvents(): AsyncIterable<UpcomingEventRef[]>;
  /** Published blog posts (a few hundred at most: the blog list's cap). */
  blogPosts?(): Promise<Array<{ slug: string; updated_at: string }>>;
  /** Defaults to the protocol's 50,000 (tests use a small one). */
  limit?: number;
}

const eventItem = (event: UpcomingEventRef): SitemapItemLoose => ({
  url: `/events/${encodeURIComponent(event.slug || event.id)}`,
  lastmod: event.updated_at,
  changefreq: EnumChangefreq.DAILY,
});

const staticItems = (): SitemapItemLoose[] =>
  STATIC_SITEMAP_PATHS.map((path) => ({
    url: path,
    changefreq: path === '/' ? EnumChangefreq.HOURLY : EnumChangefreq.WEEKLY,
  }));

function sendXml(ctx: Context, body: Readable): void {
  ctx.type = 'application/xml; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = body;
}

export function createSitemapRouter(sources: SitemapSources): Router {
  const router = new Router();
  const limitNow = () => sources.limit ?? SITEMAP_LIMIT;
  const hostname = sources.publicUrl;

  /** Every URL in sitemap order, one at a time: the static pages, the blog posts, then the events. */
  async function* allItems(): AsyncGenerator<SitemapItemLoose> {
    yield* staticItems();
    for (const post of (await sources.blogPosts?.()) ?? []) {
      yield {
        url: `/blog/${encodeURIComponent(post.slug)}`,
        lastmod: post.updated_at,
        changefreq: EnumChangefreq.WEEKLY,
      };
    }
    for await (const page of sources.upcomingEvents()) for (const event of page) yield eventItem(event);
  }

  router.get('/sitemap.xml', async (ctx) => {
    const limit = limitNow();
    const held: SitemapItemLoose[] = [];
    const items = allItems();
    let total = 0;
    for await (const item of items) {
      total += 1;
      // Past the limit the references are only counted, never kept.
      if (held.length <= limit) held.push(item);
    }
    if (total <= limit) {
      sendXml(ctx, Readable.from(held).pipe(new SitemapStream({ hostname })));
      return;
    }
    const files = Math.ceil(total / limit);
    const index = Array.from({ length: files }, (_, n) => ({ url: `${hostname}/sitemap-${n + 1}.xml` }));
    sendXml(ctx, Readable.from(index).pipe(new SitemapIndexStream()));
  });

  router.get(/^\/sitemap-(\d+)\.xml$/, async (ctx) => {
    const limit = limitNow();
    const file = Number(/^\/sitemap-(\d+)\.xml$/.exec(ctx.path)?.[1]);
    const first = (file - 1) * limit;
    async function* slice(): AsyncGenerator<SitemapItemLoose> {
      let position = 0;
      for await (const item of allItems()) {
        if (position >= first + limit) return;
        if (position >= first) yield item;
        position += 1;
      }
    }
    const iterator = slice();
    const head = await iterator.next();
    if (!Number.isInteger(file) || file < 1 || head.done) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No such sitemap file.';
      return;
    }
    async function* rest(): AsyncGenerator<SitemapItemLoose> {
      yield head.value as SitemapItemLoose;
      yield* iterator;
    }
    sendXml(ctx, Readable.from(rest()).pipe(new SitemapStream({ hostname })));
  });

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      '',
      `Sitemap: ${hostname}/sitemap.xml`,
      '',
    ].join('\n');
  });

  return router;
}
