/**
 * The closed lists a post's fields take (spec 02 §3), shared by the request and answer schemas, the domain and
 * the editor. The width's other spellings (`large`, `medium`) are the domain's (`domain/cover.ts`).
 */
export const POST_STATUSES = ['draft', 'published'] as const;
export const COVER_ASPECTS = ['16:9', '1:1', '4:3', '3:4'] as const;
export const COVER_FITS = ['cover', 'contain'] as const;
/** Canonical, stored and answered values. */
export const COVER_WIDTHS = ['full', 'lg', 'md'] as const;

export type PostStatus = (typeof POST_STATUSES)[number];
export type CoverAspect = (typeof COVER_ASPECTS)[number];
export type CoverFit = (typeof COVER_FITS)[number];
export type CoverWidth = (typeof COVER_WIDTHS)[number];
