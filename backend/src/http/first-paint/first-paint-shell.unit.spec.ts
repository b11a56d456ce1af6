import { describe, expect, it } from 'vitest';
import { ENTRY_ELEMENT_ID, ENTRY_LOADER, SERVER_STATE_ELEMENT_ID, withFirstPaint } from './first-paint-shell.ts';

/** The head and body Vite writes into frontend/dist/index.html. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Evently</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-V.js">
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const paint = (html: string, state: Record<string, unknown> = {}) =>
  withFirstPaint(SHELL, { html, state, assets: { styles: ['/assets/page-P.css'], scripts: ['/assets/page-P.js'] } });

describe('writing a first paint into the shell', () => {
  it('puts the markup in #root and hands the entry and its modules to the loader, which starts them after the first paint', () => {
    const page = paint('<main><h1>Jazz Night</h1></main>') ?? '';
    expect(page).toContain('<div id="root"><main><h1>Jazz Night</h1></main></div>');
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    const scripts =
      new RegExp(`<script type="application/json" id="${ENTRY_ELEMENT_ID}">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(JSON.parse(scripts)).toEqual({
      entry: '/assets/index-A.js',
      modules: ['/assets/vendor-V.js', '/assets/page-P.js'],
    });
    expect(page).toContain(`<script>${ENTRY_LOADER}</script>`);
    expect(ENTRY_LOADER).toContain('first-contentful-paint');
  });

  it("links the lazy page's stylesheets in the head after the entry's, so the page's rules win ties as in the client", () => {
    const head = (paint('<main></main>') ?? '').split('</head>')[0] ?? '';
    const entryStyles = head.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
    const pageStyles = head.indexOf('<link rel="stylesheet" crossorigin href="/assets/page-P.css">');
    expect(entryStyles).toBeGreaterThan(-1);
    expect(pageStyles).toBeGreaterThan(entryStyles);
  });

  it('embeds the answers as inert JSON that cannot end its script element', () => {
    const state = { api: { queries: { q: { data: { name: '</script><script>alert(1)</script>' } } } } };
    const page = paint('<main></main>', state) ?? '';
    const json =
      new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">(.*?)</script>`).exec(page)?.[1] ??
      '';
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(state);
  });

  it('writes text holding replacement patterns such as $& as it is', () => {
    expect(paint("<p>Tickets $& more $' $1</p>")).toContain('<div id="root"><p>Tickets $& more $\' $1</p></div>');
  });

  it('declines a shell that is not the one Vite builds', () => {
    expect(
      withFirstPaint('<html><body><main></main></body></html>', {
        html: '<p></p>',
        state: {},
        assets: { styles: [], scripts: [] },
      }),
    ).toBeNull();
  });
});
