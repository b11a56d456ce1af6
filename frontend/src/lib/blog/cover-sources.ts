/**
 * Responsive sources for covers we serve ourselves: a cover under `/static/blog/covers/` named
 * `<name>-<width>w.<webp|jpg>` exists in every width of spec 02 §9 (800, 1024, 1200, 1600) in webp and jpeg,
 * so the browser can pick. Any other address is used as it is.
 */
export const COVER_WIDTHS_PX = [800, 1024, 1200, 1600] as const;
const OWN_COVER = /^\/static\/blog\/covers\/([a-z0-9-]+)-\d+w\.(?:webp|jpe?g)$/;

export interface CoverSources {
  webp: string;
  jpeg: string;
  /** Plain `src`: the smallest jpeg, for browsers that ignore `<source>`. */
  fallback: string;
}

export function coverSources(url: string): CoverSources | undefined {
  const name = OWN_COVER.exec(url)?.[1];
  if (!name) return undefined;
  const set = (ext: string) =>
    COVER_WIDTHS_PX.map((width) => `/static/blog/covers/${name}-${width}w.${ext} ${width}w`).join(', ');
  return { webp: set('webp'), jpeg: set('jpg'), fallback: `/static/blog/covers/${name}-${COVER_WIDTHS_PX[0]}w.jpg` };
}
