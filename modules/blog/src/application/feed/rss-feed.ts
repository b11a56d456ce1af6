/**
 * `/blog/rss.xml`: the newest published posts as RSS 2.0. The list comes from the same projection as the blog
 * page; the bodies are read from the posts and rendered by the same safe renderer as the post page.
 *
 * Written with our own few XML forms (`rss-xml.ts`) rather than the `feed` package, which wraps every title and
 * excerpt in CDATA: a reader cannot tell whether CDATA holds text or markup, and many render it, so an admin's
 * plain "Fish & <Chips>" showed as HTML. Here the title and categories are text, the excerpt is text made into
 * HTML for the `description` (which readers treat as HTML), and only our rendered body is markup.
 */
import { renderContent } from '../../domain/render-content.ts';
import { blogPosts } from '../../infra/collections.ts';
import type { BlogContext } from '../context.ts';
import { listPublishedPosts } from '../queries/list-posts/list-posts.ts';
import { cdata, element, htmlOfText, text } from './rss-xml.ts';

export const FEED_PATH = '/blog/rss.xml';
/** Feed readers poll; twenty posts cover any reasonable polling gap. */
export const FEED_SIZE = 20;

const NAMESPACES = {
  'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
  'xmlns:atom': 'http://www.w3.org/2005/Atom',
};

/** Cover images are enclosures; readers want the type, which the file name tells. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

function enclosure(url: string): string {
  const extension = new URL(url).pathname.split('.').at(-1)?.toLowerCase() ?? '';
  return element('enclosure', null, { url, length: '0', type: IMAGE_TYPES[extension] ?? 'image/jpeg' });
}

/** RFC 822 dates, as RSS 2.0 wants them. */
const rfc822 = (date: Date) => date.toUTCString();

export async function buildRssFeed(ctx: BlogContext): Promise<string> {
  const base = ctx.publicUrl.replace(/\/+$/, '');
  const listed = (await listPublishedPosts(ctx)).posts.slice(0, FEED_SIZE);
  const bodies = new Map(
    (await blogPosts.find(ctx.store, { where: { id: { in: listed.map((post) => post.id) } } })).map((post) => [
      post.id,
      post.content,
    ]),
  );
  const newest = listed[0]?.published_at;

  const items = listed.map((post) => {
    const link = `${base}/blog/${post.slug}`;
    const body = bodies.get(post.id);
    return element(
      'item',
      [
        element('title', text(post.title)),
        element('link', text(link)),
        element('guid', text(link), { isPermaLink: 'true' }),
        element('pubDate', text(rfc822(new Date(post.published_at ?? post.updated_at)))),
        ...(post.excerpt ? [element('description', htmlOfText(post.excerpt))] : []),
        ...(body !== undefined ? [element('content:encoded', cdata(renderContent(body)))] : []),
        ...[post.category, ...post.tags].filter(Boolean).map((name) => element('category', text(name))),
        ...(post.cover_image && post.cover_visible
          ? [enclosure(new URL(post.cover_image, `${base}/`).toString())]
          : []),
      ].join(''),
    );
  });

  const channel = element(
    'channel',
    [
      element('title', text(`${ctx.appName} Blog`)),
      element('link', text(`${base}/blog`)),
      element('description', text(`City guides, event tips and news from ${ctx.appName}.`)),
      element('lastBuildDate', text(rfc822(newest ? new Date(newest) : ctx.clock.now()))),
      element('docs', text('https://www.rssboard.org/rss-specification')),
      element('generator', text(ctx.appName)),
      element('language', 'en'),
      element('copyright', text(`© ${ctx.appName}`)),
      element('atom:link', null, { href: `${base}${FEED_PATH}`, rel: 'self', type: 'application/rss+xml' }),
      ...items,
    ].join('\n'),
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n${element('rss', `\n${channel}\n`, { version: '2.0', ...NAMESPACES })}\n`;
}
