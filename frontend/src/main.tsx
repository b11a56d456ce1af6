import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createStore } from './app/store.ts';
import { createAppRouter } from './app/router.tsx';
import { FatalErrorBoundary } from './app/fatal-error-boundary.tsx';
import { prefetchHomeEvents } from './app/routes/home/home-query.ts';
import { loadLocation } from './features/nearby/location-storage.ts';
// The font's latin and other subsets download only when a page uses their characters (unicode-range).
import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const router = createAppRouter();
if (window.location.pathname === '/') prefetchHomeEvents(store.dispatch, window.location.search, loadLocation());

createRoot(container).render(
  <StrictMode>
    <FatalErrorBoundary>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </FatalErrorBoundary>
  </StrictMode>,
);
