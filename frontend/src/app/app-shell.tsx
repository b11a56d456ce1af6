import { Suspense, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { config } from './config.ts';
import { ClientReady } from './client-ready.tsx';
import { RouteEffects } from './route-effects.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { HelpWidget } from '../components/layout/help-widget.tsx';
import { Toaster } from '../components/toast/toaster.tsx';
import { BuyFlowProvider, type BuyFlowSettings } from '../lib/buy-flow/buy-flow-context.tsx';
import { trackAffiliateClick, trackPurchaseConversion } from '../lib/analytics/ads-tag.ts';
import { useResolveTrackingLinkMutation } from '../features/event-page/api.ts';

/** Every Buy Tickets button reports to the advertising tag (a no-op unless a conversion id is configured). */
const analytics: BuyFlowSettings['analytics'] = {
  affiliateClick: (event, kind) => trackAffiliateClick(event.id, kind),
  purchaseConversion: (event) =>
    trackPurchaseConversion(
      event.id,
      typeof event.min_price === 'number' ? event.min_price : null,
      event.currency ?? 'USD',
    ),
};

/** Buy Tickets anywhere (home cards included) calls the tracking-link endpoints through the app's API client. */
function useBuyFlowSettings(): BuyFlowSettings {
  const [resolve] = useResolveTrackingLinkMutation();
  return useMemo(() => ({ analytics, resolveTrackingLink: (path: string) => resolve(path).unwrap() }), [resolve]);
}

/**
 * The help widget only leads to the support page: there it would point at itself, and on the admin panel it
 * would cover the ticket actions.
 */
const WITHOUT_HELP_WIDGET = /^\/(support|admin)\/?$/;

/** The admin panel is a workspace of its own: its top bar replaces the public header and footer. */
const WORKSPACE = /^\/admin\/?$/;

/** The frame around every page: header, the routed page, footer, help widget and toasts. */
export function AppShell() {
  const buyFlow = useBuyFlowSettings();
  const { pathname } = useLocation();
  const workspace = WORKSPACE.test(pathname);
  return (
    <BuyFlowProvider value={buyFlow}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <RouteEffects />
      {!workspace && <SiteHeader appName={config.appName} />}
      <div id="main-content" className="app-content">
        <Suspense
          fallback={
            <p className="page-loading" role="status">
              Loading...
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </div>
      {!workspace && <SiteFooter appName={config.appName} social={config.social} />}
      {!WITHOUT_HELP_WIDGET.test(pathname) && <HelpWidget />}
      <Toaster />
      <ClientReady />
    </BuyFlowProvider>
  );
}
