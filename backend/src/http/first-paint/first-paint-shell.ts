/**
 * Writes a server-rendered first paint into the app shell (decision 025): the markup into `#root`, the answers
 * it was drawn with as inert JSON, the lazy page's stylesheets in the head, and the entry script and module
 * preloads taken out of the head and handed to a small inline loader, which starts them only after the browser
 * has painted. A page that waits for no script paints from the HTML and the stylesheets alone; the client then
 * hydrates it.
 */
import { createHash } from 'node:crypto';
import { jsonForScript } from '../seo/html-escape.ts';
import type { PageAssets } from './client-manifest.ts';

/** Where the client finds the answers (`frontend/src/app/server-state.ts`). */
export const SERVER_STATE_ELEMENT_ID = 'evently-server-state';

/** Where the loader finds the scripts to start: `{ "entry": url, "modules": [urls] }`. */
export const ENTRY_ELEMENT_ID = 'evently-entry';

/**
 * Starts the client once the browser reports its first contentful paint: it preloads the entry's modules and
 * adds the entry's script then, so no script is part of what that paint waited for, not even as a download.
 * Where paint timing is missing it waits one frame instead (a task queued from a requestAnimationFrame
 * callback runs after that frame); a hidden tab paints nothing, so it starts at once; and a paint that never
 * gets reported holds the page back for three seconds at most.
 */
export const ENTRY_LOADER = [
  '(function(){',
  `var element=document.getElementById('${ENTRY_ELEMENT_ID}');`,
  'if(!element)return;',
  'var scripts=JSON.parse(element.textContent);',
  'var started=false;',
  'function add(tag,attributes){var node=document.createElement(tag);for(var name in attributes)node.setAttribute(name,attributes[name]);document.head.appendChild(node);}',
  "function start(){if(started)return;started=true;scripts.modules.forEach(function(href){add('link',{rel:'modulepreload',crossorigin:'',href:href});});add('script',{type:'module',crossorigin:'',src:scripts.entry});}",
  "if(document.visibilityState==='hidden'){start();return;}",
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
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

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const EMPTY_ROOT = '<div id="root"></div>';

/** The shell with the first paint in it, or null when the shell is not the one Vite builds (nothing to write into). */
export function withFirstPaint(shell: string, { html, state, assets }: FirstPaint): string | null {
  const entry = ENTRY_SCRIPT.exec(shell);
  if (!entry?.[1] || !shell.includes(EMPTY_ROOT)) return null;
  const modules = [...[...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''), ...assets.scripts];
  // After the entry's own stylesheets, where the client would append them: the page's rules win ties, as they
  // do in a client-rendered page (the hero's 5:2 over the image frame's 4:3).
  const styles = assets.styles.map((href) => `  <link rel="stylesheet" crossorigin href="${href}">\n  `).join('');
  const body = [
    `<div id="root">${html}</div>`,
    `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`,
    `<script type="application/json" id="${ENTRY_ELEMENT_ID}">${jsonForScript({ entry: entry[1], modules })}</script>`,
    `<script>${ENTRY_LOADER}</script>`,
  ].join('\n    ');
  // Replacer functions: the page's text may hold `$&` and the like, which a replacement string would expand.
  return shell
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${styles}</head>`)
    .replace(EMPTY_ROOT, () => body);
}
