/**
 * Every route the api mounts, read from the routers themselves, so a route added tomorrow is fuzzed without
 * anyone listing it.
 */
import type Router from '@koa/router';

export interface MountedRoute {
  /** koa-router path with the prefix applied, e.g. `/api/subscriptions/admin/:id`. */
  path: string;
  methods: string[];
}

export function mountedRoutes(routers: Router[]): MountedRoute[] {
  const routes = new Map<string, Set<string>>();
  for (const router of routers) {
    for (const layer of router.stack) {
      // Router-level middleware (`router.use`) has no methods: it is not a route of its own.
      if (layer.methods.length === 0 || typeof layer.path !== 'string') continue;
      const methods = routes.get(layer.path) ?? new Set<string>();
      for (const method of layer.methods) methods.add(method);
      routes.set(layer.path, methods);
    }
  }
  return [...routes].map(([path, methods]) => ({ path, methods: [...methods] }));
}

/** The path with each `:param` (and its optional regex) replaced by `value(name)`. */
export function fillParams(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)(\([^)]*\))?\??/g, (_match, name: string) => encodeURIComponent(value(name)));
}
