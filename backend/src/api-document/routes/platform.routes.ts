/** Calls of the platform and the backend itself: admin login, health, metrics and this document. */
import {
  ADMIN_LOGIN_PATH,
  ADMIN_LOGOUT_PATH,
  ADMIN_SESSION_PATH,
  ADMIN_SESSION_PROBE_PATH,
  loginBodySchema,
} from '@evently/platform';
import {
  loginAnswerSchema,
  loginRefusedSchema,
  logoutAnswerSchema,
  sessionAnswerSchema,
  sessionProbeSchema,
  sessionRefusedSchema,
} from '@evently/platform/contracts';
import { ERASURES_PATH } from '../../erasure/erasure.router.ts';
import { erasureRequestSchema } from '../../erasure/erasure-request.ts';
import { METRICS_PATH } from '../../observability/metrics.router.ts';
import type { ApiRoute } from '../api-route.ts';
import { answer, routesOf } from '../route-builder.ts';
import { apiDocumentSchema, erasureAnswerSchema, livenessSchema, readinessSchema } from '../operations-answers.ts';

export const API_DOCUMENT_PATH = '/api/openapi.json';

const adminArea = routesOf('admin');
const operations = routesOf('operations');

export const platformRoutes: ApiRoute[] = [
  adminArea.post(
    ADMIN_LOGIN_PATH,
    'Log in with the shared admin password and, optionally, your agent name (sets the session cookie; the name signs replies, notes and changes)',
    {
      200: answer('`{ success, message, agent_name? }`', loginAnswerSchema),
      401: answer('Wrong password', loginRefusedSchema),
      429: answer('Too many failed attempts', loginRefusedSchema),
    },
    { body: loginBodySchema, rateLimited: true },
  ),
  adminArea.post(ADMIN_LOGOUT_PATH, 'Log out (ends the session)', { 200: answer('Logged out', logoutAnswerSchema) }),
  adminArea.get(ADMIN_SESSION_PATH, 'Whether this browser holds an admin session (cookie or X-Admin-Password)', {
    200: answer('`{ authenticated: true }`', sessionAnswerSchema),
    401: answer('No session', sessionRefusedSchema),
    429: answer('Too many failed password attempts from this network', sessionRefusedSchema),
  }),
  adminArea.get(ADMIN_SESSION_PROBE_PATH, 'Am I logged in? Never a 401: reads the session cookie only', {
    200: answer('`{ authenticated, agent_name }`', sessionProbeSchema),
  }),
  adminArea.admin.post(
    ERASURES_PATH,
    "Erase a person's data (subscriptions, tickets, reviews, partnership requests, the log's mentions) by their address",
    { 200: answer('`{ erasure_id, removed, log, search_pending }`', erasureAnswerSchema), 400: 'Not an address' },
    { body: erasureRequestSchema },
  ),
  operations.get('/healthz', 'Liveness: the process serves HTTP', { 200: answer('Up', livenessSchema) }),
  operations.get('/readyz', 'Readiness: store, bus and search answer', {
    200: answer('Ready', readinessSchema),
    503: answer('A dependency is unavailable', readinessSchema),
  }),
  operations.admin.get(
    METRICS_PATH,
    'Prometheus metrics (METRICS_TOKEN bearer or the admin credential)',
    { 200: 'Prometheus text format' },
    { produces: 'text/plain' },
  ),
  operations.get(API_DOCUMENT_PATH, 'This OpenAPI 3.1 document', {
    200: answer('The document', apiDocumentSchema),
  }),
];
