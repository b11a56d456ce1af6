import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { titleForPath } from './page-title.ts';
import { trackPageView } from '../lib/analytics/ads-tag.ts';

/** Applies the page-title rule and records a page view on every client-side navigation. */
export function RouteEffects() {
  const { pathname } = useLocation();

  useEffect(() => {
    const title = titleForPath(pathname);
    if (title) document.title = title;
    trackPageView(title ?? document.title, pathname);
  }, [pathname]);

  return null;
}
