/**
 * HTTP door of the blog module: the calls of spec 02 §7, the RSS feed, and the redirect of a renamed post's
 * old page address.
 *
 * Redirects (decision 016): the API answers an earlier slug with 308 and `Location` set to the post's current
 * API address (fetch follows it; the body `{ redirect_to, slug }` is for clients that do not), and the page
 * route `/blog/{old-slug}` answers 301 to `/blog/{slug}`, so shared links and search engines move over.
 */
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { answer, parseBody, parseQuery } from '@evently/platform';
import { createPostSchema, listQuerySchema, updatePostSchema } from '../contracts/post-input.ts';
import type { Post, PostDeleted, PostList, PostMoved } from '../contracts/post-answers.ts';
import { createPost } from '../application/commands/create-post/create-post.ts';
import { deletePost } from '../application/commands/delete-post/delete-post.ts';
import { updatePost } from '../application/commands/update-post/update-post.ts';
import type { BlogContext } from '../application/context.ts';
import { FEED_PATH, buildRssFeed } from '../application/feed/rss-feed.ts';
import { getPostBySlug } from '../application/queries/get-post/get-post.ts';
import { listAllPosts, listPublishedPosts } from '../application/queries/list-posts/list-posts.ts';
import { toPostView } from '../domain/post-views.ts';

/** Spec 02 §7/§8: the post page shows 'Post not found' for any non-ok answer; the API says the same. */
export const POST_NOT_FOUND_MESSAGE = 'Post not found';

export interface BlogRouterOptions {
  requireAdmin: Middleware;
  isAdmin(ctx: Context): Promise<boolean>;
}

const notFound = (ctx: Context) => answer(ctx, 404, { error: POST_NOT_FOUND_MESSAGE });
const wantsPreview = (ctx: Context) => ctx.query.preview === '1' || ctx.query.preview === 'true';

export function createBlogRouter(app: BlogContext, options: BlogRouterOptions): Router {
  const router = new Router();

  /** Lists beyond the published ones are the panel's: they need the credential, refused like every admin call. */
  const adminForDrafts: Middleware = (ctx, next: Next) => {
    const status = ctx.query.status;
    return status === undefined || status === 'published' ? next() : options.requireAdmin(ctx, next);
  };

  router.get('/api/blog/posts', adminForDrafts, async (ctx) => {
    const query = parseQuery(ctx, listQuerySchema);
    const list =
      query.status === 'published' ? await listPublishedPosts(app, query.category) : await listAllPosts(app, query);
    // Drafts must never sit in a cache; the public list is revalidated so a post just published shows at once.
    ctx.set('Cache-Control', query.status === 'published' ? 'no-cache' : 'no-store');
    answer(ctx, 200, list satisfies PostList);
  });

  router.get('/api/blog/posts/:slug', async (ctx) => {
    const preview = wantsPreview(ctx) && (await options.isAdmin(ctx));
    const result = await getPostBySlug(app, ctx.params.slug ?? '', { preview });
    if (result.status === 'not_found') return notFound(ctx);
    if (result.status === 'moved') {
      ctx.status = 308;
      ctx.set('Location', `/api/blog/posts/${result.slug}${ctx.search}`);
      ctx.body = { redirect_to: `/blog/${result.slug}`, slug: result.slug } satisfies PostMoved;
      return;
    }
    ctx.set('Cache-Control', preview ? 'no-store' : 'no-cache');
    answer(ctx, 200, toPostView(result.post) satisfies Post);
  });

  router.post('/api/blog/posts', options.requireAdmin, async (ctx) => {
    const post = await createPost(app, parseBody(ctx, createPostSchema));
    answer(ctx, 201, toPostView(post) satisfies Post);
  });

  router.put('/api/blog/posts/:id', options.requireAdmin, async (ctx) => {
    const input = parseBody(ctx, updatePostSchema);
    const post = await updatePost(app, ctx.params.id ?? '', input);
    if (!post) return notFound(ctx);
    answer(ctx, 200, toPostView(post) satisfies Post);
  });

  router.delete('/api/blog/posts/:id', options.requireAdmin, async (ctx) => {
    if (!(await deletePost(app, ctx.params.id ?? ''))) return notFound(ctx);
    answer(ctx, 200, { message: 'Post deleted' } satisfies PostDeleted);
  });

  router.get(FEED_PATH, async (ctx) => {
    ctx.type = 'application/rss+xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await buildRssFeed(app);
  });

  // The page itself is the SPA's: only a renamed post's old address is answered here, everything else falls
  // through to the static frontend.
  router.get('/blog/:slug', async (ctx, next) => {
    const result = await getPostBySlug(app, ctx.params.slug ?? '', { preview: false });
    if (result.status !== 'moved') return next();
    ctx.status = 301;
    ctx.redirect(`/blog/${result.slug}`);
  });

  return router;
}
