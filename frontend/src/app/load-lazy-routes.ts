import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy routes a path matches and puts what they export on the route objects, as React Router does
 * on a navigation, so a router created afterwards renders the page at once instead of its loading fallback.
 */
export async function loadLazyRoutesOf(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
