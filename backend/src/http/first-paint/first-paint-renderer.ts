/**
 * The server-rendered first paint of the landing pages (decision 025). The client build's second half,
 * `frontend/dist-server/entry-server.js`, renders a page with the real components and the answers of this
 * server's own API; this module loads it, bounds its time, and writes its result into the shell. Anything that
 * goes wrong (no server build, a slow or failed render) leaves the page client-rendered as before: a first
 * paint is an optimisation, never a reason to fail a page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { manifestReader } from './client-manifest.ts';
import { withFirstPaint } from './first-paint-shell.ts';

/** What `frontend/src/entry-server.tsx` exports. */
interface ServerEntry {
  renderPage(request: RenderRequest): Promise<RenderedPage | null>;
}

interface RenderRequest {
  url: string;
  apiOrigin: string;
  userAgent?: string;
  event?: unknown;
}

interface RenderedPage {
  html: string;
  state: Record<string, unknown>;
  pageModules: string[];
}

export interface FirstPaintOptions {
  /** The server build's directory (`frontend/dist-server`). */
  serverBuild: string;
  /** The client build's directory (`frontend/dist`), for its manifest. */
  clientBuild: string;
  /** This server's own address for API calls, known once it listens; undefined before. */
  apiOrigin: () => string | undefined;
  logger: Logger;
  /** Longest a render may take before the page goes out client-rendered (default 1500 ms). */
  timeoutMs?: number;
  /**
   * How long one render of a page that is the same for every visitor (home, with its query) serves the
   * visitors who ask for it meanwhile (default 5000 ms; 0 renders every request).
   */
  sharedForMs?: number;
}

/** Addresses kept at most: home's query strings vary, and a crawler walking them must not grow the map. */
const SHARED_PAGES_MAX = 200;

export interface FirstPaintRenderer {
  /**
   * The shell with the page's first paint written in, or null to send the shell as it is. The visitor's
   * User-Agent goes with the page's API requests, which are made on their behalf; an event page's event,
   * already read for the page's head, is drawn as given instead of asked for again.
   */
  render(url: string, shell: string, visitor?: { userAgent?: string; event?: unknown }): Promise<string | null>;
}

const ENTRY_FILE = 'entry-server.js';
const SITE_PATH = /^\/(?![/\\])/;

export function createFirstPaintRenderer({
  serverBuild,
  clientBuild,
  apiOrigin,
  logger,
  timeoutMs = 1500,
  sharedForMs = 5000,
}: FirstPaintOptions): FirstPaintRenderer {
  const entryFile = path.join(serverBuild, ENTRY_FILE);
  const assetsOf = manifestReader(path.join(clientBuild, '.vite', 'manifest.json'));
  let loaded: Promise<ServerEntry> | undefined;
  const shared = new Map<string, { at: number; page: Promise<RenderedPage | null> }>();

  /**
   * Home is drawn from the same answer for everyone (the server knows no visitor's location), and drawing 100
   * cards is the costliest thing a page request does: under load, one render, in flight or a few seconds old,
   * serves every visitor of the same address. An event page carries its visitor's counted view and is drawn
   * for each request.
   */
  function renderOf(server: ServerEntry, request: RenderRequest): Promise<RenderedPage | null> {
    if (request.event !== undefined || sharedForMs <= 0) return server.renderPage(request);
    const now = Date.now();
    const kept = shared.get(request.url);
    if (kept && now - kept.at < sharedForMs) return kept.page;
    const page = server.renderPage(request);
    shared.delete(request.url);
    shared.set(request.url, { at: now, page });
    if (shared.size > SHARED_PAGES_MAX) shared.delete(shared.keys().next().value as string);
    // Only a page drawn is kept: a failure or a refusal is asked again by the next visitor.
    const forget = () => {
      if (shared.get(request.url)?.page === page) shared.delete(request.url);
    };
    page.then((result) => result ?? forget(), forget);
    return page;
  }

  /**
   * The server build, imported once: a process serves the build it started with (a deploy restarts it), and
   * importing a rebuilt file under a second URL would give its React a second copy of every context.
   */
  function entry(): Promise<ServerEntry> | undefined {
    if (!loaded && existsSync(entryFile)) loaded = import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    return loaded;
  }

  // Loaded while the process starts, not on its first visitor's page.
  entry()?.catch((error: unknown) =>
    logger.error({ err: error, file: entryFile }, 'the server build does not load: pages are client-rendered'),
  );

  return {
    async render(url, shell, visitor = {}) {
      const origin = apiOrigin();
      // Only a path of this site: `//host/...` would read as another origin wherever it is resolved.
      if (!origin || !SITE_PATH.test(url)) return null;
      let timer: NodeJS.Timeout | undefined;
      try {
        // Loading the build happens once per process and is not what the time limit is for.
        const server = await entry();
        if (!server) return null;
        const started = performance.now();
        const timeout = new Promise<null>((resolve) => {
          timer = setTimeout(() => {
            logger.warn({ url, timeoutMs }, 'first paint took too long: page sent client-rendered');
            resolve(null);
          }, timeoutMs);
        });
        const request: RenderRequest = {
          url,
          apiOrigin: origin,
          ...(visitor.userAgent ? { userAgent: visitor.userAgent } : {}),
          ...(visitor.event ? { event: visitor.event } : {}),
        };
        const page = await Promise.race([renderOf(server, request), timeout]);
        if (!page) return null;
        const html = withFirstPaint(shell, { html: page.html, state: page.state, assets: assetsOf(page.pageModules) });
        logger.debug({ url, ms: Math.round(performance.now() - started) }, 'first paint rendered');
        return html;
      } catch (error) {
        logger.warn({ err: error, url }, 'first paint failed: page sent client-rendered');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
