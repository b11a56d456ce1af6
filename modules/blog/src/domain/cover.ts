/**
 * Cover presentation (spec 02 §3). Aspect and fit come only from their lists. The width has two readings in
 * the notes, `full, md, lg` and `full, large, medium`; both are accepted and stored as one canonical value by
 * meaning: `large` is `lg`, `medium` is `md`. The post page limits md and lg covers to a narrower column.
 */
import type { CoverAspect, CoverFit, CoverWidth } from '../contracts/post-options.ts';

export {
  COVER_ASPECTS,
  COVER_FITS,
  COVER_WIDTHS,
  type CoverAspect,
  type CoverFit,
  type CoverWidth,
} from '../contracts/post-options.ts';
/** Every spelling the API accepts, mapped to the stored value. */
export const COVER_WIDTH_ALIASES = { full: 'full', lg: 'lg', large: 'lg', md: 'md', medium: 'md' } as const;

export type CoverWidthInput = keyof typeof COVER_WIDTH_ALIASES;

export const DEFAULT_COVER = {
  cover_visible: true,
  cover_aspect: '16:9',
  cover_fit: 'cover',
  cover_width: 'full',
} as const satisfies {
  cover_visible: boolean;
  cover_aspect: CoverAspect;
  cover_fit: CoverFit;
  cover_width: CoverWidth;
};

export function canonicalCoverWidth(value: string): CoverWidth | null {
  const key = value.trim().toLowerCase();
  return Object.hasOwn(COVER_WIDTH_ALIASES, key) ? COVER_WIDTH_ALIASES[key as CoverWidthInput] : null;
}

/**
 * Where a cover may live: an http(s) address or a path on this site. Anything else (`javascript:`, `data:`,
 * protocol-relative `//host`) is refused, since the value ends up in an `<img src>` and the RSS feed.
 */
export function isAllowedCoverUrl(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
