/** Spec 02 §5 and §8: the Blog tab's exact texts. */
export const DELETE_FAILED = 'Delete failed';
export const saveFailed = (status: number | string) => `Save failed (status ${status})`;
/** §2: the cover preview's hint to use an optimised variant. */
export const COVER_HINT =
  'Tip: use an optimized variant, e.g. a 1200w webp under /static/blog/covers/ (name-1200w.webp).';
