/**
 * The search-engine side of the site, built once per api process: the page heads the SPA fallback writes
 * (`seo-pages.ts`), and `/sitemap.xml` with `/robots.txt` (`sitemap.ts`).
 */
import type Router from '@koa/router';
import type { EventsModule } from '@evently/events';
import { createSeoPages, type SeoPages } from './seo-pages.ts';
import { createSitemapRouter } from './sitemap.ts';

export interface Seo {
  pages: SeoPages;
  router: Router;
}

export function createSeo({ appName, publicUrl, events }: { appName: string; publicUrl: string; events: Pick<EventsModule, 'queries'> }): Seo {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    pages: createSeoPages({ appName, publicUrl: base, getEvent: (id) => events.queries.getById(id) }),
    router: createSitemapRouter({ publicUrl: base, upcomingEvents: () => events.queries.upcomingEvents() }),
  };
}
