import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { config } from './config.ts';
import { RouteEffects } from './route-effects.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { HelpWidget } from '../components/layout/help-widget.tsx';
import { Toaster } from '../components/toast/toaster.tsx';

/** The frame around every page: header, the routed page, footer, help widget and toasts. */
export function AppShell() {
  return (
    <>
      <a className="skip-link" href="#main-content">Skip to content</a>
      <RouteEffects />
      <SiteHeader appName={config.appName} />
      <div id="main-content" className="app-content">
        <Suspense fallback={<p className="page-loading" role="status">Loading...</p>}>
          <Outlet />
        </Suspense>
      </div>
      <SiteFooter appName={config.appName} social={config.social} />
      <HelpWidget />
      <Toaster />
    </>
  );
}
