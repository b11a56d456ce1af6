import { Link, useSearchParams } from 'react-router-dom';
import { BlogCover } from '../../components/blog-cover/blog-cover.tsx';
import type { PostListItem } from '@evently/blog/contracts';
import { MAX_CARD_TAGS, formatPostDate } from '../../lib/blog/post-types.ts';
import { useBlogPostsQuery } from './api.ts';
import './blog.css';

const CARD_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px';

function PostCard({ post }: { post: PostListItem }) {
  return (
    <li className="blog-card">
      <Link to={`/blog/${post.slug}`} className="blog-card__link">
        <BlogCover cover={post} sizes={CARD_SIZES} variant="card" />
        <div className="blog-card__body">
          <span className="blog-badge">{post.category}</span>
          <h2 className="blog-card__title">{post.title}</h2>
          {post.excerpt && <p className="blog-card__excerpt">{post.excerpt}</p>}
          {post.tags.length > 0 && (
            <ul className="blog-tags" aria-label="Tags">
              {post.tags.slice(0, MAX_CARD_TAGS).map((tag) => (
                <li key={tag} className="blog-tag">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <p className="blog-card__meta">
            {post.published_at && <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>}
            <span>{post.minutes_read} min read</span>
          </p>
        </div>
      </Link>
    </li>
  );
}

/** Spec 02 "Blog index": a category filter and a card grid of published posts. */
export function BlogIndexPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  // The unfiltered list names every category, so the filter keeps all its choices while one is selected.
  const all = useBlogPostsQuery({});
  const filtered = useBlogPostsQuery({ category }, { skip: !category });
  const list = category ? filtered : all;
  const categories = all.currentData?.categories ?? [];
  const posts = list.currentData?.posts ?? [];

  const choose = (next: string) => setParams(next ? { category: next } : {}, { replace: true });

  return (
    <main className="page blog-page">
      <header className="blog-page__header">
        <h1>Blog</h1>
        <p>
          City guides, event tips and how Evently works. <a href="/blog/rss.xml">RSS feed</a>
        </p>
      </header>
      {categories.length > 0 && (
        <div className="blog-filter" role="group" aria-label="Filter by category">
          {['', ...categories].map((value) => (
            <button
              key={value || 'all'}
              type="button"
              className="blog-filter__chip"
              aria-pressed={category.toLowerCase() === value.toLowerCase()}
              onClick={() => choose(value)}
            >
              {value || 'All'}
            </button>
          ))}
        </div>
      )}
      {list.isLoading || (list.isFetching && !list.currentData) ? (
        <p className="blog-state" role="status">
          Loading...
        </p>
      ) : list.isError ? (
        <p className="blog-state error-text" role="alert">
          Failed to load posts
        </p>
      ) : posts.length === 0 ? (
        <p className="blog-state">No posts yet</p>
      ) : (
        <ul className="blog-grid">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </ul>
      )}
    </main>
  );
}
