/**
 * What a post's cover fields accept (spec 02 §3): the width's spellings, mapped to the stored value, and where
 * a cover image may live. The post body's schema checks with them.
 */
import type { CoverWidth } from './post-options.ts';

/** Every spelling the API accepts, mapped to the stored value. */
export const COVER_WIDTH_ALIASES = { full: 'full', lg: 'lg', large: 'lg', md: 'md', medium: 'md' } as const;

export type CoverWidthInput = keyof typeof COVER_WIDTH_ALIASES;

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
