import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createStore } from './app/store.ts';
import { createAppRouter } from './app/router.tsx';
import { FatalErrorBoundary } from './app/fatal-error-boundary.tsx';
import { prefetchLandingData } from './app/prefetch-landing-data.ts';
// The font's latin and other subsets download only when a page uses their characters (unicode-range).
import '@fontsource-variable/inter/wght.css';
import './styles/tokens.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createStore();
const router = createAppRouter();
prefetchLandingData(store.dispatch, window.location);

createRoot(container).render(
  <StrictMode>
    <FatalErrorBoundary>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </FatalErrorBoundary>
  </StrictMode>,
);
