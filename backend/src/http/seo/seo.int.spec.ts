/**
 * The server-rendered heads over real HTTP through the real Koa app: status 404 for paths outside the client's
 * route table, the title, description, canonical, Open Graph and Twitter tags and the Event JSON-LD of an event
 * page (checked against what Google's Event rich result requires), and the sitemap read back as XML.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { Readable } from 'node:stream';
import type { PostView } from '@evently/blog';
import type { PublicEvent, UpcomingEventRef } from '@evently/events';
import { silentLogger } from '@evently/platform';
import { createApp } from '../app.ts';
import { createSeoPages } from './seo-pages.ts';
import { createSitemapRouter } from './sitemap.ts';
import { makePublicEvent } from './testing/public-event.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Built description" />
    <title>Evently</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PUBLIC_URL = 'https://evently.example';
const events = new Map<string, PublicEvent>([
  ['42', makePublicEvent({ review_count: 3, rating_avg: 4.3 })],
  [
    '43',
    makePublicEvent({
      id: 43,
      slug: '43-hostile',
      name: 'Evil </script><script>alert(1)</script>',
      min_price: 10,
      max_price: 10,
      image_url: null,
      organizer: null,
    }),
  ],
]);
// Issue 16: event 44 is sold by two sellers; 45 was Fever's own listing of it and now moves there.
const [ticketmasterOffer] = makePublicEvent().offers;
const feverOffer = {
  ...ticketmasterOffer!,
  id: 45,
  source: 'fever',
  external_id: 'fv-1',
  seller: 'Fever',
  min_price: 15,
  max_price: 30,
  price_text: 'EUR 15 - 30',
  price_usd_min: 16.2,
  price_usd_max: 32.4,
  affiliate_url: null,
  purchase_url: 'https://feverup.com/m/1',
};
events.set(
  '44',
  makePublicEvent({
    id: 44,
    slug: '44-jazz-night-madrid',
    offers: [feverOffer, { ...ticketmasterOffer!, id: 44 }],
    offer_count: 2,
    price_from_usd: 16.2,
  }),
);
const moved = new Map([['45', { id: '44', slug: '44-jazz-night-madrid' }]]);

const guide: PostView = {
  id: 'post-1',
  slug: 'a-weekend-in-lisbon',
  title: 'A weekend in Lisbon </script><b>',
  excerpt: 'Fado, rooftops and late dinners: where the city plays at night.',
  content: '## Friday\nFado in Alfama.',
  content_html: '<h2>Friday</h2>\n<p>Fado in Alfama.</p>\n',
  category: 'City Guides',
  tags: ['lisbon', 'music'],
  cover_image: '/static/blog/covers/lisbon-1200w.webp',
  cover_visible: true,
  cover_aspect: '16:9',
  cover_fit: 'cover',
  cover_width: 'full',
  status: 'published',
  published_at: '2026-11-01T09:00:00.000Z',
  minutes_read: 4,
  created_at: '2026-10-30T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
  version: 3,
};
const posts = new Map<string, PostView>([[guide.slug, guide]]);

let upcoming: UpcomingEventRef[] = [];
let sitemapLimit = 50_000;
let base: string;
let close: () => Promise<void>;

async function* pages(): AsyncGenerator<UpcomingEventRef[]> {
  for (let i = 0; i < upcoming.length; i += 3) yield upcoming.slice(i, i + 3);
}

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'evently-seo-'));
  await writeFile(path.join(root, 'index.html'), INDEX);
  const app = createApp({
    logger: silentLogger(),
    routers: [],
    readiness: [],
    staticRoot: root,
    seo: {
      pages: createSeoPages({
        appName: 'Evently',
        publicUrl: PUBLIC_URL,
        getEvent: async (id) => events.get(id) ?? null,
        canonicalEvent: async (id) => moved.get(id) ?? null,
        getPost: async (slug) => posts.get(slug) ?? null,
      }),
      router: createSitemapRouter({
        publicUrl: PUBLIC_URL,
        upcomingEvents: pages,
        blogPosts: async () => [...posts.values()],
        get limit() {
          return sitemapLimit;
        },
      }),
    },
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(root, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await close();
});

const page = async (pathname: string) => {
  const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
};
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)" />`).exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

/** What Google's Event rich result requires and reads, as a schema. */
const isoInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'an ISO 8601 date');
const offer = z.object({
  '@type': z.enum(['Offer', 'AggregateOffer']),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: z.string().startsWith('https://schema.org/'),
  url: z.url(),
});
const googleEvent = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Event'),
  name: z.string().min(1),
  startDate: isoInstant,
  endDate: isoInstant.optional(),
  eventStatus: z.string().startsWith('https://schema.org/'),
  eventAttendanceMode: z.string().startsWith('https://schema.org/'),
  location: z.object({
    '@type': z.literal('Place'),
    name: z.string().min(1),
    address: z.object({ '@type': z.literal('PostalAddress'), addressLocality: z.string(), addressCountry: z.string() }),
  }),
  offers: z.union([
    offer.extend({ '@type': z.literal('Offer'), price: z.number().nonnegative() }),
    offer.extend({
      '@type': z.literal('AggregateOffer'),
      lowPrice: z.number().nonnegative(),
      highPrice: z.number().nonnegative(),
    }),
  ]),
  image: z.array(z.url()).min(1).optional(),
  organizer: z.object({ '@type': z.literal('Organization'), name: z.string().min(1) }).optional(),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
    })
    .optional(),
});

describe('status of a path', () => {
  it.each([
    '/',
    '/about',
    '/privacy',
    '/terms',
    '/partner',
    '/support',
    '/blog',
    '/blog/a-weekend-in-lisbon',
    '/reviews',
    '/admin',
    '/event/42',
    '/events/42-jazz-night-madrid',
  ])('answers %s with 200', async (pathname) => {
    expect((await page(pathname)).status).toBe(200);
  });

  it.each(['/nope', '/about/team', '/event/999', '/events/not-an-id', '/event/42/extra'])(
    'answers %s with 404, titled by the path and kept out of search',
    async (pathname) => {
      const { status, html } = await page(pathname);
      expect(status).toBe(404);
      expect(title(html)).toBe(`${pathname} | Evently`);
      expect(meta(html, 'robots')).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
    },
  );

  it('leaves unknown API paths and files alone', async () => {
    expect((await fetch(`${base}/api/nope`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect(await (await fetch(`${base}/missing.js`)).text()).not.toContain('<div id="root">');
  });
});

describe('static pages', () => {
  it('title pages per the spec, with one title and one description', async () => {
    const { html } = await page('/partner');
    expect(title(html)).toBe('Partner With Us | Evently');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toContain('5-15% commission');
    expect(html).toContain('<link rel="canonical" href="https://evently.example/partner" />');
  });

  it('titles home as the spec says and describes the site as a WebSite', async () => {
    const { html } = await page('/');
    expect(title(html)).toBe('Discover Amazing Events | Evently');
    expect(jsonLd(html)).toEqual([
      { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Evently', url: 'https://evently.example/' },
    ]);
  });

  it('keeps the admin panel out of search results', async () => {
    expect(meta((await page('/admin')).html, 'robots')).toBe('noindex');
    expect(meta((await page('/about')).html, 'robots')).toBeUndefined();
  });
});

describe('an event page', () => {
  it('carries the event title, description, canonical URL and social tags', async () => {
    const { html } = await page('/event/42');
    expect(title(html)).toBe('Jazz Night Madrid | Evently');
    expect(meta(html, 'description')).toBe('Live jazz in the old town with the Blue Hall quartet.');
    expect(html).toContain('<link rel="canonical" href="https://evently.example/events/42-jazz-night-madrid" />');
    expect(meta(html, 'og:title')).toBe('Jazz Night Madrid | Evently');
    expect(meta(html, 'og:url')).toBe('https://evently.example/events/42-jazz-night-madrid');
    expect(meta(html, 'og:image')).toBe('https://images.example/jazz.jpg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe('https://images.example/jazz.jpg');
  });

  it('describes the event as schema.org Event JSON-LD that Google can use', async () => {
    const [data, ...others] = jsonLd((await page('/events/42-jazz-night-madrid')).html);
    expect(others).toHaveLength(0);
    googleEvent.parse(data);
    expect(data).toMatchObject({
      name: 'Jazz Night Madrid',
      startDate: '2026-12-05T19:00:00.000Z',
      endDate: '2026-12-05T22:00:00.000Z',
      location: {
        name: 'Blue Hall',
        address: { streetAddress: 'Calle Mayor 1', addressLocality: 'Madrid', addressCountry: 'Spain' },
      },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: 20,
        highPrice: 45,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://ticketmaster.evyy.net/c/1?u=tm-1',
      },
      image: ['https://images.example/jazz.jpg'],
      organizer: { name: 'Blue Hall Productions' },
      aggregateRating: { ratingValue: 4.3, reviewCount: 3 },
    });
  });

  it('lists every seller of an event in one AggregateOffer with USD low and high prices (issue 16)', async () => {
    const [data] = jsonLd((await page('/event/44-jazz-night-madrid')).html);
    googleEvent.parse(data);
    expect(data?.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: 16.2,
      highPrice: 48.6,
      priceCurrency: 'USD',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
      url: 'https://evently.example/events/44-jazz-night-madrid',
      offers: [
        {
          '@type': 'Offer',
          price: 15,
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url: 'https://feverup.com/m/1',
          seller: { '@type': 'Organization', name: 'Fever' },
        },
        {
          '@type': 'Offer',
          price: 20,
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url: 'https://ticketmaster.evyy.net/c/1?u=tm-1',
          seller: { '@type': 'Organization', name: 'Ticketmaster' },
        },
      ],
    });
  });

  it('moves the page of an offer linked into another event there for good (301, query kept)', async () => {
    const response = await fetch(`${base}/event/45-jazz-night-madrid-tickets?ref=share`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/event/44-jazz-night-madrid?ref=share');
  });

  it('escapes hostile event text in tags and inside the JSON-LD script', async () => {
    const { html } = await page('/event/43');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(title(html)).toBe('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Evently');
    const event = googleEvent.parse(jsonLd(html)[0]);
    expect(event.name).toBe('Evil </script><script>alert(1)</script>');
    expect(event.offers).toMatchObject({ '@type': 'Offer', price: 10 });
    expect(event).not.toHaveProperty('aggregateRating');
    expect(meta(html, 'twitter:card')).toBe('summary');
  });
});

describe('a blog post page', () => {
  it('carries the post title, excerpt, canonical URL and article tags, and BlogPosting JSON-LD', async () => {
    const { status, html } = await page('/blog/a-weekend-in-lisbon');
    expect(status).toBe(200);
    expect(title(html)).toBe('A weekend in Lisbon &lt;/script&gt;&lt;b&gt; | Evently');
    expect(meta(html, 'description')).toBe(guide.excerpt);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:image')).toBe('https://evently.example/static/blog/covers/lisbon-1200w.webp');
    expect(html).toContain('<link rel="canonical" href="https://evently.example/blog/a-weekend-in-lisbon" />');
    const posting = z
      .object({
        '@type': z.literal('BlogPosting'),
        headline: z.string(),
        datePublished: z.string(),
        dateModified: z.string(),
        image: z.string().url(),
        author: z.object({ '@type': z.literal('Organization'), name: z.string() }),
        mainEntityOfPage: z.string().url(),
      })
      .parse(jsonLd(html)[0]);
    expect(posting.headline).toBe(guide.title);
  });

  it('embeds the post for the client as inert JSON, escaped so the post cannot end the script', async () => {
    const { html } = await page('/blog/a-weekend-in-lisbon');
    const embedded = /<script type="application\/json" id="evently-preloaded-posts">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(embedded).toBeDefined();
    expect(embedded).not.toContain('</script');
    expect(JSON.parse(embedded!)).toEqual({ [guide.slug]: guide });
  });

  it('answers drafts and unknown posts 404 with nothing embedded', async () => {
    const { status, html } = await page('/blog/not-a-post');
    expect(status).toBe(404);
    expect(html).not.toContain('evently-preloaded-posts');
  });
});

describe('sitemap and robots', () => {
  const ref = (id: number): UpcomingEventRef => ({
    id: String(id),
    slug: `${id}-show`,
    start_utc: '2026-12-01T20:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
  });

  it('lists the static pages and every upcoming event', async () => {
    upcoming = [1, 2, 3, 4, 5].map(ref);
    const response = await fetch(`${base}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const items = await parseSitemap(Readable.from([await response.text()]));
    const urls = items.map((item) => item.url);
    expect(urls).toContain('https://evently.example/');
    expect(urls).toContain('https://evently.example/privacy');
    expect(urls).not.toContain('https://evently.example/admin');
    expect(urls.filter((url) => url.includes('/events/'))).toEqual(
      [1, 2, 3, 4, 5].map((id) => `https://evently.example/events/${id}-show`),
    );
    expect(urls).toContain('https://evently.example/blog/a-weekend-in-lisbon');
    expect(items.find((item) => item.url.endsWith('/blog/a-weekend-in-lisbon'))?.lastmod).toBe(
      '2026-11-02T09:00:00.000Z',
    );
    expect(items.find((item) => item.url.endsWith('/events/1-show'))?.lastmod).toBe('2026-11-20T08:00:00.000Z');
  });

  it('becomes an index of files when over the limit, each file its own slice', async () => {
    sitemapLimit = 5;
    upcoming = Array.from({ length: 9 }, (_, index) => ref(index + 1));
    try {
      const index = await parseSitemapIndex(Readable.from([await (await fetch(`${base}/sitemap.xml`)).text()]));
      expect(index.map((entry) => entry.url)).toEqual(
        ['1', '2', '3', '4'].map((n) => `https://evently.example/sitemap-${n}.xml`),
      );
      const files = await Promise.all(
        [1, 2, 3, 4].map(async (n) =>
          parseSitemap(Readable.from([await (await fetch(`${base}/sitemap-${n}.xml`)).text()])),
        ),
      );
      // 8 static pages, 1 post, 9 events.
      expect(files.map((file) => file.length)).toEqual([5, 5, 5, 3]);
      expect(files.flat().filter((item) => item.url.includes('/events/'))).toHaveLength(9);
      expect((await fetch(`${base}/sitemap-5.xml`)).status).toBe(404);
    } finally {
      sitemapLimit = 50_000;
    }
  });

  it('robots.txt points at the sitemap', async () => {
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain('Sitemap: https://evently.example/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
  });
});
