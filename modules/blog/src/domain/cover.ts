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
export {
  canonicalCoverWidth,
  COVER_WIDTH_ALIASES,
  isAllowedCoverUrl,
  type CoverWidthInput,
} from '../contracts/cover-rules.ts';

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
