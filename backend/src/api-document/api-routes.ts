/** Every documented call, module by module; the coverage test holds it equal to what the composition mounts. */
import type { ApiRoute } from './api-route.ts';
import { contentRoutes } from './routes/content.routes.ts';
import { partnershipsRoutes, subscriptionsRoutes, supportRoutes } from './routes/contact.routes.ts';
import { eventsRoutes } from './routes/events.routes.ts';
import { platformRoutes } from './routes/platform.routes.ts';

export const API_ROUTES: ApiRoute[] = [
  ...platformRoutes,
  ...eventsRoutes,
  ...contentRoutes,
  ...supportRoutes,
  ...partnershipsRoutes,
  ...subscriptionsRoutes,
];
