import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createStore } from './app/store.ts';
import { createAppRouter, routes } from './app/router.tsx';
import { FatalErrorBoundary } from './app/fatal-error-boundary.tsx';
import { prefetchLandingData } from './app/prefetch-landing-data.ts';
import { embeddedServerState, serverStateReceived } from './app/server-state.ts';
import { loadLazyRoutesOf } from './app/load-lazy-routes.ts';
import { loadLocation } from './features/nearby/location-storage.ts';
import { definesFilters } from './app/routes/home/search-url.ts';
// The font's latin and other subsets download only when a page uses their characters (unicode-range).
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const serverState = embeddedServerState();
// A client-rendered page asks for its data at once; a server-rendered one already shows it (see start).
if (!serverState) void prefetchLandingData(store.dispatch, window.location);

/** Ends the current task: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A server-rendered page (decision 025) is hydrated: React adopts the markup on screen instead of building it
 * again, which on a phone was the longest task of the page's start. The server renders the search the address
 * holds (decision 029), else the landing a visitor without a stored location gets. A visitor with one gets
 * their own results, so their page is rendered anew: on a plain address, and on a `near` address, which the
 * page reads at the stored location's full precision where the server had the address's three decimals.
 */
function hydratable(): boolean {
  const { pathname, search } = window.location;
  if (!serverState) return false;
  if (pathname !== '/' || loadLocation() === null) return true;
  return definesFilters(search) && !new URLSearchParams(search).has('near');
}

/**
 * A markup difference React recovers from by rendering that part anew (say a browser formats a date otherwise
 * than the server): the visitor sees the right page, so it is a warning, not an error.
 */
function onRecoverableError(error: unknown) {
  console.warn('Server-rendered markup differed; React rendered it anew', error);
}

async function start(root: HTMLElement) {
  if (serverState) {
    // The page is on screen, so nothing waits on these steps: each in its own task instead of one long one
    // after the modules' evaluation (blocking time is counted per long task).
    await nextTask();
    store.dispatch(serverStateReceived(serverState));
    void prefetchLandingData(store.dispatch, window.location);
    // The page's lazy route must be ready for the first render, or that render would put the router's
    // loading text over the server's page.
    await loadLazyRoutesOf(routes, window.location.pathname);
    await nextTask();
  }
  const app = (
    <StrictMode>
      <FatalErrorBoundary>
        <Provider store={store}>
          <RouterProvider router={createAppRouter()} />
        </Provider>
      </FatalErrorBoundary>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (the page is already on screen, so nothing waits for it to finish at once).
  if (hydratable()) startTransition(() => void hydrateRoot(root, app, { onRecoverableError }));
  else createRoot(root).render(app);
}

void start(container);
