import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BlogCover } from '../../components/blog-cover/blog-cover.tsx';
import { formatPostDate } from '../../lib/blog/post-types.ts';
import { withProductName } from '../../app/page-title.ts';
import { useBlogPostQuery } from './api.ts';
import { preloadedPost } from './preloaded-posts.ts';
import './blog.css';

const PAGE_SIZES = '(max-width: 960px) 100vw, 960px';

/** Spec 02 "Blog post page". Data the page supplied for this slug is shown without a request. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const preview = params.get('preview') === '1';
  const supplied = preview ? undefined : preloadedPost(slug);
  const query = useBlogPostQuery({ slug, preview }, { skip: Boolean(supplied) });
  const post = supplied ?? query.currentData;

  // A renamed post answered through its old slug: show its current address.
  useEffect(() => {
    if (post && post.slug !== slug) navigate(`/blog/${post.slug}${search}`, { replace: true });
  }, [post, slug, search, navigate]);

  // The post's own title, as the server wrote it; a missing post keeps the path, as the server's 404 does.
  const loading = query.isLoading || query.isFetching;
  const title = post ? post.title : loading ? null : pathname;
  useEffect(() => {
    if (title) document.title = withProductName(title);
  }, [title]);

  const back = (
    <nav className="blog-post__back" aria-label="Back">
      <button type="button" className="btn" onClick={() => navigate('/')}>
        <span aria-hidden="true">←</span> Back to Events
      </button>
      <button type="button" className="btn" onClick={() => navigate('/blog')}>
        Back to Blog
      </button>
    </nav>
  );

  if (!post) {
    return (
      <main className="page blog-post-page">
        {back}
        {loading ? (
          <p className="blog-state" role="status">
            Loading...
          </p>
        ) : (
          <p className="blog-state error-text" role="alert">
            Post not found
          </p>
        )}
      </main>
    );
  }

  return (
    <main className="page blog-post-page">
      {back}
      <article className="blog-post">
        {post.status === 'draft' && (
          <p className="blog-post__draft" role="note">
            Draft preview: visitors cannot see this post until it is published.
          </p>
        )}
        <header className="blog-post__header">
          <span className="blog-badge">{post.category}</span>
          <h1 className="blog-post__title">{post.title}</h1>
          <p className="blog-post__meta">
            {post.published_at && <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>}
            <span>{post.minutes_read} min read</span>
          </p>
          {post.tags.length > 0 && (
            <ul className="blog-tags" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag} className="blog-tag">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </header>
        <BlogCover cover={post} sizes={PAGE_SIZES} eager />
        {/* Rendered by the server with raw HTML off, images off and only http(s)/mailto/site links (modules/blog). */}
        <div
          className="blog-prose"
          data-testid="post-content"
          dangerouslySetInnerHTML={{ __html: post.content_html }}
        />
      </article>
    </main>
  );
}
