import { coverSources } from '../../lib/blog/cover-sources.ts';
import type { CoverFields } from '@evently/blog/contracts';
import './blog-cover.css';

interface Props {
  cover: CoverFields;
  alt?: string;
  /** `sizes` for the responsive candidates: a card is a grid column, the post page a reading column. */
  sizes: string;
  /** Card thumbnails always fill the card's width; the post page honours the cover's own width. */
  variant?: 'page' | 'card';
  eager?: boolean;
}

/**
 * A post's cover as spec 02 §2 describes it: hidden when `cover_visible` is false, in its aspect (16:9 by
 * default) and fit (cover by default), and on the post page no wider than its md or lg width.
 */
export function BlogCover({ cover, alt = '', sizes, variant = 'page', eager = false }: Props) {
  if (!cover.cover_visible || !cover.cover_image) return null;
  const sources = coverSources(cover.cover_image);
  const width = variant === 'card' ? 'full' : cover.cover_width;
  return (
    <figure
      className={`blog-cover blog-cover--${width} blog-cover--${variant}`}
      style={{ aspectRatio: cover.cover_aspect.replace(':', ' / ') }}
      data-aspect={cover.cover_aspect}
      data-fit={cover.cover_fit}
    >
      <picture>
        {sources && <source type="image/webp" srcSet={sources.webp} sizes={sizes} />}
        {sources && <source type="image/jpeg" srcSet={sources.jpeg} sizes={sizes} />}
        <img
          src={sources?.fallback ?? cover.cover_image}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          style={{ objectFit: cover.cover_fit }}
        />
      </picture>
    </figure>
  );
}
