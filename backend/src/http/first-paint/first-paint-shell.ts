/**
 * Writes a server-rendered first paint into the app shell (decision 025): the markup into `#root`, the answers
 * it was drawn with as inert JSON, the lazy page's stylesheets and scripts in the head, and the entry script
 * turned into a preload that a small inline loader starts only after the browser has painted. A page that
 * waits for no script paints from the HTML and the stylesheets alone; the client then renders the same page
 * over it.
 */
import { createHash } from 'node:crypto';
import { jsonForScript } from '../seo/html-escape.ts';
import type { PageAssets } from './client-manifest.ts';

/** Where the client finds the answers (`frontend/src/app/server-state.ts`). */
export const SERVER_STATE_ELEMENT_ID = 'evently-server-state';

/**
 * Starts the entry module once the browser reports its first contentful paint, so no script is part of what
 * that paint waited for. Where paint timing is missing it waits one frame instead (a task queued from a
 * requestAnimationFrame callback runs after that frame); a hidden tab paints nothing, so it starts at once;
 * and a paint that never gets reported holds the page back for three seconds at most.
 */
export const ENTRY_LOADER = [
  '(function(){',
  "var entry=document.querySelector('link[data-evently-entry]');",
  'if(!entry)return;',
  'var started=false;',
  "function start(){if(started)return;started=true;var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=entry.href;document.head.appendChild(script);}",
  "if(document.visibilityState==='hidden'){start();return;}",
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
  "if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(start,0);});return;}",
  "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start,0);}}).observe({type:'paint',buffered:true});",
  'setTimeout(start,3000);',
  '})();',
].join('');

/** The loader's CSP source: the one inline script the policy admits. */
export const ENTRY_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(ENTRY_LOADER).digest('base64')}'`;

export interface FirstPaint {
  html: string;
  state: Record<string, unknown>;
  assets: PageAssets;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const EMPTY_ROOT = '<div id="root"></div>';

/** The shell with the first paint in it, or null when the shell is not the one Vite builds (nothing to write into). */
export function withFirstPaint(shell: string, { html, state, assets }: FirstPaint): string | null {
  const entry = ENTRY_SCRIPT.exec(shell);
  if (!entry || !shell.includes(EMPTY_ROOT)) return null;
  const head = [
    `<link rel="modulepreload" crossorigin href="${entry[1]}" data-evently-entry>`,
    ...assets.scripts.map((src) => `<link rel="modulepreload" crossorigin href="${src}">`),
    ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join('\n    ');
  // Replacer functions: the page's text may hold `$&` and the like, which a replacement string would expand.
  return shell
    .replace(entry[0], () => head)
    .replace(
      EMPTY_ROOT,
      () => `<div id="root">${html}</div>\n    <script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForScript(state)}</script>\n    <script>${ENTRY_LOADER}</script>`,
    );
}
