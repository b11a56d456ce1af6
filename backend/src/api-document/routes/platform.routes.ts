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
import { apiDocumentSchema, erasureAnswerSchema, livenessSchema, readinessSchema } from '../operations-answers.ts';

export const API_DOCUMENT_PATH = '/api/openapi.json';

export const platformRoutes: ApiRoute[] = [
  {
    method: 'post',
    path: ADMIN_LOGIN_PATH,
    tag: 'admin',
    summary:
      'Log in with the shared admin password and, optionally, your agent name (sets the session cookie; the name signs replies, notes and changes)',
    body: loginBodySchema,
    responses: { 200: '`{ success, message, agent_name? }`', 401: 'Wrong password', 429: 'Too many failed attempts' },
    rateLimited: true,
    answers: { 200: loginAnswerSchema, 401: loginRefusedSchema, 429: loginRefusedSchema },
  },
  {
    method: 'post',
    path: ADMIN_LOGOUT_PATH,
    tag: 'admin',
    summary: 'Log out (ends the session)',
    responses: { 200: 'Logged out' },
    answers: { 200: logoutAnswerSchema },
  },
  {
    method: 'get',
    path: ADMIN_SESSION_PATH,
    tag: 'admin',
    summary: 'Whether this browser holds an admin session (cookie or X-Admin-Password)',
    responses: {
      200: '`{ authenticated: true }`',
      401: 'No session',
      429: 'Too many failed password attempts from this network',
    },
    answers: { 200: sessionAnswerSchema, 401: sessionRefusedSchema, 429: sessionRefusedSchema },
  },
  {
    method: 'get',
    path: ADMIN_SESSION_PROBE_PATH,
    tag: 'admin',
    summary: 'Am I logged in? Never a 401: reads the session cookie only',
    responses: { 200: '`{ authenticated, agent_name }`' },
    answers: { 200: sessionProbeSchema },
  },
  {
    method: 'post',
    path: ERASURES_PATH,
    tag: 'admin',
    summary:
      "Erase a person's data (subscriptions, tickets, reviews, partnership requests, the log's mentions) by their address",
    admin: true,
    body: erasureRequestSchema,
    responses: { 200: '`{ erasure_id, removed, log, search_pending }`', 400: 'Not an address' },
    answers: { 200: erasureAnswerSchema },
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process serves HTTP',
    responses: { 200: 'Up' },
    answers: { 200: livenessSchema },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: store, bus and search answer',
    responses: { 200: 'Ready', 503: 'A dependency is unavailable' },
    answers: { 200: readinessSchema, 503: readinessSchema },
  },
  {
    method: 'get',
    path: METRICS_PATH,
    tag: 'operations',
    summary: 'Prometheus metrics (METRICS_TOKEN bearer or the admin credential)',
    admin: true,
    produces: 'text/plain',
    responses: { 200: 'Prometheus text format' },
  },
  {
    method: 'get',
    path: API_DOCUMENT_PATH,
    tag: 'operations',
    summary: 'This OpenAPI 3.1 document',
    responses: { 200: 'The document' },
    answers: { 200: apiDocumentSchema },
  },
];
