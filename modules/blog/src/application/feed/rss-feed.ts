/**
 * `/blog/rss.xml`: the newest published posts as RSS 2.0, built with the `feed` package (which escapes every
 * value and wraps bodies in CDATA). The list comes from the same projection as the blog page; the bodies are
 * read from the posts and rendered by the same safe renderer as the post page.
 */
import { Feed } from 'feed';
import type { Post } from '../../domain/post.ts';
import { renderContent } from '../../domain/render-content.ts';
import { BLOG_POSTS } from '../../infra/collections.ts';
import type { BlogContext } from '../context.ts';
import { listPublishedPosts } from '../queries/list-posts/list-posts.ts';

export const FEED_PATH = '/blog/rss.xml';
/** Feed readers poll; twenty posts cover any reasonable polling gap. */
export const FEED_SIZE = 20;

const absolute = (base: string, path: string) => new URL(path, base).toString();

export async function buildRssFeed(ctx: BlogContext): Promise<string> {
  const base = ctx.publicUrl.replace(/\/+$/, '');
  const listed = (await listPublishedPosts(ctx)).posts.slice(0, FEED_SIZE);
  const bodies = new Map(
    (await ctx.store.find<Post>(BLOG_POSTS, { where: { id: { in: listed.map((post) => post.id) } } })).map((post) => [post.id, post.content]),
  );
  const newest = listed[0]?.published_at;
  const feed = new Feed({
    title: `${ctx.appName} Blog`,
    description: `City guides, event tips and news from ${ctx.appName}.`,
    id: `${base}/blog`,
    link: `${base}/blog`,
    language: 'en',
    copyright: `© ${ctx.appName}`,
    updated: newest ? new Date(newest) : ctx.clock.now(),
    generator: ctx.appName,
    feedLinks: { rss: `${base}${FEED_PATH}` },
  });
  for (const post of listed) {
    const link = `${base}/blog/${post.slug}`;
    const body = bodies.get(post.id);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.published_at ?? post.updated_at),
      description: post.excerpt,
      ...(body !== undefined ? { content: renderContent(body) } : {}),
      category: [{ name: post.category }, ...post.tags.map((tag) => ({ name: tag }))],
      ...(post.cover_image && post.cover_visible ? { image: absolute(base, post.cover_image) } : {}),
    });
  }
  return feed.rss2();
}
