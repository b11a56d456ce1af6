/**
 * Preloads the font file nearly every page needs, Inter's latin subset, from the built index.html. Its
 * stylesheet only names it after the CSS has arrived and the page's text has been styled; a server-rendered
 * page (decision 025) paints before that, and with `font-display: optional` (src/styles/fonts.css) a font that
 * is late for the first paint is not used on that page at all.
 */
import type { Plugin } from 'vite';

const LATIN_SUBSET = /inter-latin-wght-normal-[\w-]+\.woff2$/;

export function preloadFont(): Plugin {
  return {
    name: 'evently-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const file = Object.keys(bundle ?? {}).find((name) => LATIN_SUBSET.test(name));
        if (!file) throw new Error("Inter's latin subset is not in the build: preload-font-plugin.ts needs updating");
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
