/**
 * The head of every page the SPA serves, decided on the server: which paths exist (the client's own route
 * table, `frontend/src/app/route-paths.ts`), their titles (spec 02 "Page titles"), and for event pages the
 * event's title, description, image and schema.org JSON-LD. A path outside the table, or an event that does
 * not exist, is answered 404 with the same shell, so the client still renders its not-found page.
 */
import type { PostView } from '@evently/blog';
import type { EventPageRead, EventPageVisitor, PublicEvent } from '@evently/events';
import { eventPageUrl, parseEventIdSegment } from '@evently/events';
import type { WebSite, WithContext } from 'schema-dts';
import { PAGE_TITLES, isKnownPath, normalisePath } from '@evently/frontend/route-paths';
import { eventJsonLd } from './event-json-ld.ts';
import { summarise, type PageMeta } from './page-meta.ts';
import { postJsonLd } from './post-json-ld.ts';

export interface SeoSources {
  appName: string;
  /** Public base URL without a trailing slash. */
  publicUrl: string;
  /** The public event by id (or slugged id), or null. */
  getEvent(id: string): Promise<PublicEvent | null>;
  /**
   * An event page's one read (the event with the visitor's view counted, or where a linked record moved);
   * when given, event pages use it instead of `canonicalEvent` and `getEvent`.
   */
  readEventPage?(id: string, visitor: EventPageVisitor): Promise<EventPageRead>;
  /** The canonical event an id of a linked offer moved to, or null; absent: no redirects. */
  canonicalEvent?(id: string): Promise<{ id: string; slug: string } | null>;
  /** The published post at this slug, or null (drafts and unknown slugs); absent without a blog. */
  getPost?(slug: string): Promise<PostView | null>;
}

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
  /** A permanent move (an offer's old event URL to its canonical event): answer 301 to this path instead. */
  movedTo?: string;
  /** An event page's event as the API answers it, for the first paint to draw without reading it again. */
  event?: PublicEvent;
}

/** Who asks for a page: a GET of a page that will be shown counts a view of its event. */
export type PageVisitor = EventPageVisitor;

const SITE_DESCRIPTION =
  'Discover concerts, sports, arts and more near you and around the world, and compare tickets from official sellers.';

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/about': 'Who we are, how we find events and how we earn: our mission, community and affiliate disclosure.',
  '/partner':
    'Event organizers earn 5-15% commission. Ticketing platforms and venues: list your events where people look for them.',
  '/privacy': 'What personal data we collect, why, how long we keep it and the choices you have.',
  '/terms': 'The terms of use of the site: listings, affiliate links, reviews, acceptable use and liability.',
  '/support': 'Answers to common questions, a contact form and ticket tracking.',
  '/blog': 'Guides, city picks and news about live events.',
  '/reviews': 'What visitors say about the events they went to.',
};

/** Pages that have nothing for a search engine. */
const NOINDEX = new Set(['/admin', '/reviews/write', '/reviews/thanks']);

const EVENT_PATH = /^\/events?\/([^/]+)$/;
const POST_PATH = /^\/blog\/([^/]+)$/;

export function createSeoPages(sources: SeoSources) {
  const { appName, publicUrl } = sources;
  const titled = (title: string) => `${title} | ${appName}`;
  const base = (path: string, title: string, description: string): PageMeta => ({
    title: titled(title),
    description,
    canonical: `${publicUrl}${path === '/' ? '/' : path}`,
    siteName: appName,
  });

  const home = (): PageMeta => {
    const website: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: appName,
      url: `${publicUrl}/`,
    };
    return { ...base('/', PAGE_TITLES['/'] ?? appName, SITE_DESCRIPTION), jsonLd: [website] };
  };

  const notFound = (path: string): ResolvedPage => ({
    status: 404,
    meta: { ...base(path, path, SITE_DESCRIPTION), noindex: true },
  });

  async function readEvent(id: string, visitor: PageVisitor): Promise<EventPageRead> {
    if (sources.readEventPage) return sources.readEventPage(id, visitor);
    const moved = sources.canonicalEvent ? await sources.canonicalEvent(id) : null;
    if (moved) return { moved };
    const event = await sources.getEvent(id);
    return event ? { event } : null;
  }

  async function eventPage(path: string, segment: string, visitor: PageVisitor): Promise<ResolvedPage> {
    const id = parseEventIdSegment(decodeURIComponent(segment));
    const read = id ? await readEvent(id, visitor) : null;
    if (read && 'moved' in read) return { ...notFound(path), movedTo: `/event/${encodeURIComponent(read.moved.slug)}` };
    const event = read?.event;
    if (!event) return notFound(path);
    const canonical = eventPageUrl(event, publicUrl);
    const name = event.unique_title ?? event.name;
    const where = [event.venue_name, event.city].filter(Boolean).join(', ');
    const fallback = `${name}${where ? ` at ${where}` : ''}: dates, prices and tickets from official sellers.`;
    return {
      status: 200,
      event,
      meta: {
        title: titled(event.seo_title ?? name),
        description:
          summarise(event.seo_description ?? event.unique_description ?? event.description ?? fallback) || fallback,
        canonical,
        image: event.image_url,
        siteName: appName,
        jsonLd: [eventJsonLd(event, canonical)],
      },
    };
  }

  async function postPage(path: string, slug: string): Promise<ResolvedPage> {
    const post = sources.getPost ? await sources.getPost(decodeURIComponent(slug)) : null;
    if (!post) return notFound(path);
    const canonical = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    const image = post.cover_image && post.cover_visible ? new URL(post.cover_image, `${publicUrl}/`).href : null;
    return {
      status: 200,
      meta: {
        title: titled(post.title),
        description: summarise(post.excerpt || post.content) || DESCRIPTIONS['/blog'] || SITE_DESCRIPTION,
        canonical,
        image,
        ogType: 'article',
        siteName: appName,
        jsonLd: [postJsonLd(post, canonical, publicUrl, appName)],
        preloadedPosts: { [post.slug]: post },
      },
    };
  }

  return {
    async resolve(rawPath: string, visitor: PageVisitor = { countView: false }): Promise<ResolvedPage> {
      const path = normalisePath(rawPath);
      if (!isKnownPath(path)) return notFound(path);
      if (path === '/') return { status: 200, meta: home() };
      const eventSegment = EVENT_PATH.exec(path)?.[1];
      if (eventSegment) return eventPage(path, eventSegment, visitor);
      const postSlug = POST_PATH.exec(path)?.[1];
      if (postSlug) return postPage(path, postSlug);
      const title = PAGE_TITLES[path] ?? path;
      return {
        status: 200,
        meta: {
          ...base(path, title, DESCRIPTIONS[path] ?? SITE_DESCRIPTION),
          ...(NOINDEX.has(path) ? { noindex: true } : {}),
        },
      };
    },
  };
}

export type SeoPages = ReturnType<typeof createSeoPages>;
