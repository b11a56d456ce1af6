import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createFirstPaintRenderer } from './first-paint-renderer.ts';

const SHELL =
  '<html><head>\n<script type="module" crossorigin src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>';

function recordingLogger() {
  const warnings: string[] = [];
  const logger = {
    warn: vi.fn((_fields: unknown, message: string) => warnings.push(message)),
    debug: vi.fn(),
    error: vi.fn(),
  };
  return { logger: logger as unknown as Logger, warnings };
}

/** A client build with a manifest and a server build whose renderPage has the given body. */
async function builds(renderBody: string | null) {
  const root = await mkdtemp(path.join(tmpdir(), 'evently-first-paint-'));
  const clientBuild = path.join(root, 'dist');
  const serverBuild = path.join(root, 'dist-server');
  await mkdir(path.join(clientBuild, '.vite'), { recursive: true });
  const manifest = {
    'index.html': { file: 'assets/index-A.js', isEntry: true },
    'src/page.tsx': { file: 'assets/page-P.js', css: ['assets/page-P.css'] },
  };
  await writeFile(path.join(clientBuild, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (renderBody !== null) {
    await mkdir(serverBuild);
    await writeFile(
      path.join(serverBuild, 'entry-server.js'),
      `export async function renderPage(request) { ${renderBody} }\n`,
    );
  }
  return { clientBuild, serverBuild };
}

const origin = () => 'http://127.0.0.1:1';

describe('the first paint renderer', () => {
  it("writes what the server build renders into the shell, with the page module's assets", async () => {
    const { logger } = recordingLogger();
    const dirs = await builds(
      "return { html: '<main>' + request.url + ' from ' + request.apiOrigin + '</main>', state: { api: {} }, pageModules: ['src/page.tsx'] };",
    );
    const page = await createFirstPaintRenderer({ ...dirs, apiOrigin: origin, logger }).render('/?city=Lisbon', SHELL);
    expect(page).toContain('<div id="root"><main>/?city=Lisbon from http://127.0.0.1:1</main></div>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/page-P.css">');
  });

  it('draws a page that is the same for everyone once for the visitors of a few seconds, and an event page for each', async () => {
    const { logger } = recordingLogger();
    const dirs = await builds(
      "globalThis.firstPaintCalls = (globalThis.firstPaintCalls ?? 0) + 1; return { html: '<main>' + request.url + ' #' + globalThis.firstPaintCalls + (request.event ? ' ' + request.event.name : '') + '</main>', state: {}, pageModules: [] };",
    );
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const renderer = createFirstPaintRenderer({ ...dirs, apiOrigin: origin, logger, sharedForMs: 5000 });
      const [first, second] = await Promise.all([renderer.render('/', SHELL), renderer.render('/', SHELL)]);
      expect(first).toContain('<main>/ #1</main>');
      expect(second).toContain('<main>/ #1</main>');
      expect(await renderer.render('/?keyword=jazz', SHELL)).toContain('<main>/?keyword=jazz #2</main>');
      now += 4999;
      expect(await renderer.render('/', SHELL)).toContain('<main>/ #1</main>');
      now += 1;
      expect(await renderer.render('/', SHELL)).toContain('<main>/ #3</main>');
      // An event page is drawn from the event the server read for this visitor, every time.
      expect(await renderer.render('/event/7', SHELL, { event: { name: 'Jazz' } })).toContain(
        '<main>/event/7 #4 Jazz</main>',
      );
      expect(await renderer.render('/event/7', SHELL, { event: { name: 'Jazz' } })).toContain(
        '<main>/event/7 #5 Jazz</main>',
      );
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends the shell as it is for a page the server build does not render', async () => {
    const { logger } = recordingLogger();
    const dirs = await builds('return null;');
    await expect(
      createFirstPaintRenderer({ ...dirs, apiOrigin: origin, logger }).render('/support', SHELL),
    ).resolves.toBeNull();
  });

  it('renders only paths of this site, never an address that names another host', async () => {
    const { logger } = recordingLogger();
    const dirs = await builds("return { html: '<main></main>', state: {}, pageModules: [] };");
    const renderer = createFirstPaintRenderer({ ...dirs, apiOrigin: origin, logger });
    await expect(renderer.render('//evil.example/', SHELL)).resolves.toBeNull();
    await expect(renderer.render('/\\evil.example/', SHELL)).resolves.toBeNull();
    await expect(renderer.render('/', SHELL)).resolves.toContain('<main></main>');
  });

  it('sends the shell when there is no server build, or before the server listens', async () => {
    const { logger } = recordingLogger();
    await expect(
      createFirstPaintRenderer({ ...(await builds(null)), apiOrigin: origin, logger }).render('/', SHELL),
    ).resolves.toBeNull();
    const dirs = await builds("return { html: '<main></main>', state: {}, pageModules: [] };");
    await expect(
      createFirstPaintRenderer({ ...dirs, apiOrigin: () => undefined, logger }).render('/', SHELL),
    ).resolves.toBeNull();
  });

  it('sends the shell and logs why when a render fails or takes too long', async () => {
    const failing = recordingLogger();
    const broken = await builds("throw new Error('boom');");
    await expect(
      createFirstPaintRenderer({ ...broken, apiOrigin: origin, logger: failing.logger }).render('/', SHELL),
    ).resolves.toBeNull();
    expect(failing.warnings).toEqual(['first paint failed: page sent client-rendered']);

    const slow = recordingLogger();
    const stuck = await builds('return new Promise(() => {});');
    const renderer = createFirstPaintRenderer({ ...stuck, apiOrigin: origin, logger: slow.logger, timeoutMs: 50 });
    await expect(renderer.render('/', SHELL)).resolves.toBeNull();
    expect(slow.warnings).toEqual(['first paint took too long: page sent client-rendered']);
  });
});
