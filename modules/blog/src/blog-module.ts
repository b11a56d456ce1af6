/**
 * Wires the blog module from its ports: the posts router (public and admin calls), the listings projector and
 * the starter posts.
 */
import type { AppModule, ModuleDeps } from '@evently/platform';
import type { BlogContext } from './application/context.ts';
import { blogListingsIndexSchema } from './application/projections/blog-listings-index.ts';
import { createBlogListingsProjector } from './application/projections/blog-listings.projector.ts';
import { BLOG_TOPIC } from './contracts/messages.ts';
import { createBlogRouter } from './http/blog.router.ts';
import { blogCollections } from './infra/collections.ts';
import { seedStarterPostsIfEmpty } from './infra/demo/seed-starter-posts.ts';
import { getPostBySlug } from './application/queries/get-post/get-post.ts';
import { listPublishedPosts } from './application/queries/list-posts/list-posts.ts';
import { toPostView, type PostListItem, type PostView } from './domain/post-views.ts';

export interface BlogOptions {
  appName: string;
  /** DEMO_DATA: load the starter posts into an empty store at start-up. */
  demoData?: boolean;
}

export interface BlogModule extends AppModule {
  /** Loads the starter posts into an empty store, once per store; answers how many were loaded. */
  seedStarterPostsIfEmpty(): Promise<number>;
  /** What visitors may read, for other parts of the site (page heads, the sitemap). Drafts never appear. */
  queries: {
    /** The published post at its current slug; null for drafts, unknown and earlier slugs. */
    publishedPost(slug: string): Promise<PostView | null>;
    /** Published posts, newest first (the public list's cap applies). */
    publishedPosts(): Promise<PostListItem[]>;
  };
}

export function createBlogModule(deps: ModuleDeps, options: BlogOptions): BlogModule {
  const ctx: BlogContext = {
    store: deps.store,
    search: deps.search,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'blog' }),
    appName: options.appName,
    publicUrl: deps.publicUrl,
  };
  const seed = () => seedStarterPostsIfEmpty(ctx);
  return {
    name: 'blog',
    collections: blogCollections,
    topics: [BLOG_TOPIC],
    searchSchemas: [blogListingsIndexSchema],
    projectors: [createBlogListingsProjector(ctx)],
    schedulers: [],
    routers: [
      createBlogRouter(ctx, {
        requireAdmin: deps.requireAdmin,
        // Module tests may leave it out: then no request is an administrator and previews stay closed.
        isAdmin: deps.isAdmin ?? (async () => false),
      }),
    ],
    seedStarterPostsIfEmpty: seed,
    queries: {
      async publishedPost(slug) {
        const result = await getPostBySlug(ctx, slug, { preview: false });
        return result.status === 'found' ? toPostView(result.post) : null;
      },
      publishedPosts: async () => (await listPublishedPosts(ctx)).posts,
    },
    async init() {
      // Every role may run this: the counter gate in the seeder makes concurrent starts load the posts once.
      if (!options.demoData) return;
      const loaded = await seed();
      if (loaded > 0) ctx.logger.info({ posts: loaded }, 'starter blog posts loaded into the empty store');
    },
  };
}
