/** A blog post as the module keeps it (spec 02 §3), one document and one aggregate per post. */
import type { CoverAspect, CoverFit, CoverWidth } from './cover.ts';

import type { PostStatus } from '../contracts/post-options.ts';

export { POST_STATUSES, type PostStatus } from '../contracts/post-options.ts';
export const DEFAULT_STATUS: PostStatus = 'draft';

export interface Post {
  slug: string;
  title: string;
  excerpt: string;
  /** The Markdown source as the editor wrote it. */
  content: string;
  category: string;
  tags: string[];
  /** An http(s) address or a path on this site; null when the post has no cover. */
  cover_image: string | null;
  cover_visible: boolean;
  cover_aspect: CoverAspect;
  cover_fit: CoverFit;
  cover_width: CoverWidth;
  status: PostStatus;
  /** Set the first time the post is published and never moved after, so unpublishing and republishing keep the date. */
  published_at: string | null;
  minutes_read: number;
}

/** Once set, the publication date stays: a correction does not bump an old post to the top of the blog. */
export function publishedAtAfter(previous: string | null, status: PostStatus, now: Date): string | null {
  if (previous) return previous;
  return status === 'published' ? now.toISOString() : null;
}
