/**
 * The server's first paint of a landing page (decision 025): the backend calls `renderPage` for `/` and for
 * event pages, and writes the markup into `#root` with the answers it was drawn with. The page then paints
 * from the HTML and the stylesheet alone; the client starts after that paint and hydrates it (main.tsx).
 * Built by `vite build --ssr` into `frontend/dist-server/`, with its packages bundled in, so the production
 * image needs nothing but that file.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { api } from './app/api.ts';
import { FatalErrorBoundary } from './app/fatal-error-boundary.tsx';
import { EVENT_PAGE_PATH, landingEventId, prefetchLandingData } from './app/prefetch-landing-data.ts';
import { eventPageApi, toEvent } from './features/event-page/api.ts';
import { routes } from './app/router.tsx';
import { createStore } from './app/store.ts';

export interface ServerRenderRequest {
  /** The page's path and query, as the visitor asked for it. */
  url: string;
  /** Where this server's own API answers (a loopback address): the page's answers come from it. */
  apiOrigin: string;
  /** The visitor's User-Agent, sent on with the page's API requests (a crawler's reads count no views). */
  userAgent?: string;
  /**
   * An event page's event as `GET /api/events/{id}` answers it, already read by the server for the page's
   * head (with the visitor's view counted): drawn as given instead of asked for a second time.
   */
  event?: unknown;
}

export interface ServerRenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The store's API cache, for the client to start from (app/server-state.ts). */
  state: Record<string, unknown>;
  /**
   * The page's own lazily loaded module (a key of the client build's manifest), whose stylesheets the first
   * paint needs and whose script the client loads before it renders; none for home, which is in the entry.
   */
  pageModules: string[];
}

/** The event page's module in the client build's manifest (`frontend/dist/.vite/manifest.json`). */
export const EVENT_PAGE_MODULE = 'src/features/event-page/event-page.tsx';

/** The landing pages worth a server-rendered first paint: where visitors arrive from search and shared links. */
function pageModulesOf(pathname: string): string[] | null {
  if (pathname === '/') return [];
  if (EVENT_PAGE_PATH.test(pathname)) return [EVENT_PAGE_MODULE];
  return null;
}

const handler = createStaticHandler(routes);

/**
 * The page's markup, or null for a page that is not server-rendered (only `/` and event pages are) and when the
 * route table answers with a redirect or a response of its own.
 */
export async function renderPage({
  url,
  apiOrigin,
  userAgent,
  event,
}: ServerRenderRequest): Promise<ServerRenderedPage | null> {
  const address = new URL(url, apiOrigin);
  const pageModules = pageModulesOf(address.pathname);
  if (!pageModules) return null;
  const store = createStore(undefined, { apiOrigin, ...(userAgent ? { userAgent } : {}) });
  const eventId = landingEventId(address.pathname);
  if (event && eventId) await store.dispatch(eventPageApi.util.upsertQueryData('getEvent', eventId, toEvent(event)));
  // A failed answer renders the page's own error state, exactly as in the browser.
  await prefetchLandingData(store.dispatch, address, () => null);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <FatalErrorBoundary>
        <Provider store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Provider>
      </FatalErrorBoundary>
    </StrictMode>,
  );
  return { html, state: { [api.reducerPath]: store.getState()[api.reducerPath] }, pageModules };
}
