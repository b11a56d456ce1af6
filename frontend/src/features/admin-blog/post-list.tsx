import type { PostListItem } from '@evently/blog/contracts';
import { formatPostDate } from '../../lib/blog/post-types.ts';

interface Props {
  posts: readonly PostListItem[];
  selectedId: string | null;
  onOpen(post: PostListItem): void;
  onDelete(post: PostListItem): void;
  deletingId: string | null;
}

/** Spec 02 "Blog tab": each post's title, status and published date, with a delete icon. */
export function PostList({ posts, selectedId, onOpen, onDelete, deletingId }: Props) {
  return (
    <ul className="admin-rows" aria-label="Blog posts">
      {posts.map((post) => (
        <li key={post.id} className={`blog-admin-row${post.id === selectedId ? ' blog-admin-row--current' : ''}`}>
          <button
            type="button"
            className="blog-admin-row__open"
            aria-current={post.id === selectedId ? 'true' : undefined}
            onClick={() => onOpen(post)}
          >
            <span className="blog-admin-row__title">{post.title}</span>
            <span className="blog-admin-row__meta">
              <span className={`blog-status blog-status--${post.status}`}>
                {post.status === 'published' ? 'Published' : 'Draft'}
              </span>
              <span>{post.published_at ? formatPostDate(post.published_at) : 'Not published'}</span>
            </span>
          </button>
          <a
            className="blog-admin-row__preview"
            href={`/blog/${post.slug}?preview=1`}
            target="_blank"
            rel="noopener"
            aria-label={`Preview ${post.title}`}
            title="Preview"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2.2a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z"
              />
            </svg>
          </a>
          <button
            type="button"
            className="blog-admin-row__delete"
            aria-label={`Delete ${post.title}`}
            title="Delete"
            disabled={deletingId === post.id}
            onClick={() => onDelete(post)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z"
              />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
