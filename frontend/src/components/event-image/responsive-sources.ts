/**
 * Responsive candidates for event images (spec 01 §9: widths 800, 1024, 1200 and 1600, minimum 400, webp and
 * jpeg). Only image hosts that resize on request get candidates; any other URL is used as it is.
 */
export const RESPONSIVE_WIDTHS = [800, 1024, 1200, 1600] as const;
export const MIN_IMAGE_WIDTH = 400;

export type ImageFormat = 'webp' | 'jpg';

interface ResizingHost {
  matches(url: URL): boolean;
  resize(url: URL, width: number, format: ImageFormat): URL;
}

/** Unsplash's imgix front end resizes with `w` and converts with `fm`. */
const imgixStyleHost: ResizingHost = {
  matches: (url) => url.hostname === 'images.unsplash.com' || url.hostname.endsWith('.imgix.net'),
  resize(url, width, format) {
    const resized = new URL(url);
    resized.searchParams.set('w', String(Math.max(MIN_IMAGE_WIDTH, width)));
    resized.searchParams.set('fm', format);
    resized.searchParams.set('auto', 'compress');
    return resized;
  },
};

const RESIZING_HOSTS: readonly ResizingHost[] = [imgixStyleHost];

export interface ResponsiveSources {
  webp: string;
  jpeg: string;
  /** Smallest candidate, used as the plain `src`. */
  fallback: string;
}

function srcSet(host: ResizingHost, url: URL, format: ImageFormat): string {
  return RESPONSIVE_WIDTHS.map((width) => `${host.resize(url, width, format).toString()} ${width}w`).join(', ');
}

/** Candidates for a source that supports resizing, otherwise undefined. */
export function responsiveSources(source: string): ResponsiveSources | undefined {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return undefined;
  }
  const host = RESIZING_HOSTS.find((candidate) => candidate.matches(url));
  if (!host) return undefined;
  return {
    webp: srcSet(host, url, 'webp'),
    jpeg: srcSet(host, url, 'jpg'),
    fallback: host.resize(url, RESPONSIVE_WIDTHS[0], 'jpg').toString(),
  };
}

/** Cards are about a third of a wide screen; the detail hero is full width. Never below the minimum. */
export const CARD_IMAGE_SIZES = `(max-width: 640px) max(100vw, ${MIN_IMAGE_WIDTH}px), (max-width: 1024px) 50vw, 33vw`;
export const HERO_IMAGE_SIZES = `max(100vw, ${MIN_IMAGE_WIDTH}px)`;
