/** The blog post shapes the API answers (spec 02 §3, modules/blog): shared by the blog pages and the panel. */
export type PostStatus = 'draft' | 'published';
export type CoverAspect = '16:9' | '1:1' | '4:3' | '3:4';
export type CoverFit = 'cover' | 'contain';
/** Stored values; the API also accepts `large` (= lg) and `medium` (= md). */
export type CoverWidth = 'full' | 'lg' | 'md';

export const COVER_ASPECTS: readonly CoverAspect[] = ['16:9', '1:1', '4:3', '3:4'];
export const COVER_FITS: readonly CoverFit[] = ['cover', 'contain'];
export const COVER_WIDTHS: readonly CoverWidth[] = ['full', 'lg', 'md'];

export interface CoverFields {
  cover_image: string | null;
  cover_visible: boolean;
  cover_aspect: CoverAspect;
  cover_fit: CoverFit;
  cover_width: CoverWidth;
}

export interface PostListItem extends CoverFields {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  status: PostStatus;
  published_at: string | null;
  minutes_read: number;
  created_at: string;
  updated_at: string;
}

export interface Post extends PostListItem {
  /** The Markdown source. */
  content: string;
  /** Rendered by the server with raw HTML, scripts and unsafe links refused: safe to insert as it is. */
  content_html: string;
  version: number;
}

export interface PostList {
  posts: PostListItem[];
  total: number;
  categories: string[];
}

/** Spec 02 §9: a card shows at most four tags. */
export const MAX_CARD_TAGS = 4;

export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
