/**
 * Every route the api mounts, read from the routers themselves, so a route added tomorrow is fuzzed without
 * anyone listing it.
 */
import type Router from '@koa/router';
import { acceptFormBodies } from '@evently/platform';

export interface MountedRoute {
  /** koa-router path with the prefix applied, e.g. `/api/subscriptions/admin/:id`. */
  path: string;
  methods: string[];
  /** The route takes HTML form bodies (`acceptFormBodies`); every other route takes JSON only. */
  takesForms: boolean;
}

export function mountedRoutes(routers: Router[]): MountedRoute[] {
  const routes = new Map<string, { methods: Set<string>; takesForms: boolean }>();
  for (const router of routers) {
    for (const layer of router.stack) {
      // Router-level middleware (`router.use`) has no methods: it is not a route of its own.
      if (layer.methods.length === 0 || typeof layer.path !== 'string') continue;
      const route = routes.get(layer.path) ?? { methods: new Set<string>(), takesForms: false };
      for (const method of layer.methods) route.methods.add(method);
      route.takesForms ||= layer.stack.includes(acceptFormBodies);
      routes.set(layer.path, route);
    }
  }
  return [...routes].map(([path, { methods, takesForms }]) => ({ path, methods: [...methods], takesForms }));
}

/** The path with each `:param` (and its optional regex) replaced by `value(name)`. */
export function fillParams(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)(\([^)]*\))?\??/g, (_match, name: string) => encodeURIComponent(value(name)));
}
