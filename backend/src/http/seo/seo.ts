/**
 * The search-engine side of the site, built once per api process: the page heads the SPA fallback writes
 * (`seo-pages.ts`), and `/sitemap.xml` with `/robots.txt` (`sitemap.ts`).
 */
import type Router from '@koa/router';
import type { BlogModule } from '@evently/blog';
import type { EventsModule } from '@evently/events';
import { createSeoPages, type SeoPages } from './seo-pages.ts';
import { createSitemapRouter } from './sitemap.ts';

export interface Seo {
  pages: SeoPages;
  router: Router;
}

export interface SeoOptions {
  appName: string;
  publicUrl: string;
  events: Pick<EventsModule, 'queries'>;
  /** Published posts for their page heads and the sitemap; without it posts have neither. */
  blog?: Pick<BlogModule, 'queries'>;
}

export function createSeo({ appName, publicUrl, events, blog }: SeoOptions): Seo {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    pages: createSeoPages({
      appName,
      publicUrl: base,
      getEvent: (id) => events.queries.getById(id),
      canonicalEvent: (id) => events.queries.canonicalRedirect(id),
      readEventPage: (id, visitor) => events.queries.readEventPage(id, visitor),
      ...(blog ? { getPost: (slug: string) => blog.queries.publishedPost(slug) } : {}),
    }),
    router: createSitemapRouter({
      publicUrl: base,
      upcomingEvents: () => events.queries.upcomingEvents(),
      ...(blog ? { blogPosts: () => blog.queries.publishedPosts() } : {}),
    }),
  };
}
