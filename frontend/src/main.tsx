import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createStore } from './app/store.ts';
import { createAppRouter, routes } from './app/router.tsx';
import { FatalErrorBoundary } from './app/fatal-error-boundary.tsx';
import { prefetchLandingData } from './app/prefetch-landing-data.ts';
import { embeddedServerState, serverStateReceived } from './app/server-state.ts';
import { loadLazyRoutesOf } from './app/load-lazy-routes.ts';
import { ClientReady } from './app/client-ready.tsx';
// The font's latin and other subsets download only when a page uses their characters (unicode-range).
import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const serverState = embeddedServerState();
if (serverState) store.dispatch(serverStateReceived(serverState));
void prefetchLandingData(store.dispatch, window.location);

async function start(root: HTMLElement) {
  // A server-rendered page (decision 025) is on screen: its lazy page must be ready for the first render, or
  // that render would put the router's loading text over it.
  if (serverState) await loadLazyRoutesOf(routes, window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <FatalErrorBoundary>
        <Provider store={store}>
          <RouterProvider router={createAppRouter()} />
          <ClientReady />
        </Provider>
      </FatalErrorBoundary>
    </StrictMode>,
  );
}

void start(container);
