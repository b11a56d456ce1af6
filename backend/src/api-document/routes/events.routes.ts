/**
 * The events module's calls. Its list filters are parsed by hand (lenient, repeated and blank values
 * tolerated); the module documents them with `searchQuerySchema`, checked there against what the handler reads.
 */
import { z } from 'zod';
import { searchQuerySchema } from '@evently/events';
import {
  accommodationsAnswerSchema,
  affiliateLinkSchema,
  filterOptionsSchema,
  ipLocationSchema,
  ipNotLocatedSchema,
  popularAnswerSchema,
  publicEventSchema,
  searchAnswerSchema,
  similarAnswerSchema,
  splitAnswerSchema,
} from '@evently/events/contracts';
import type { ApiRoute } from '../api-route.ts';

const tag = 'events';

const limitQuery = z.object({ limit: z.number().int().min(1).optional() });

export const eventsRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/events',
    tag,
    summary: 'Search the catalogue',
    query: searchQuerySchema,
    responses: { 200: 'A page of events', 400: 'A filter is invalid or the page is past the result window' },
    answers: { 200: searchAnswerSchema },
  },
  {
    method: 'get',
    path: '/api/events/filters',
    tag,
    summary: 'Countries, cities and categories to filter by',
    responses: { 200: 'Filter options' },
    answers: { 200: filterOptionsSchema },
  },
  {
    method: 'get',
    path: '/api/events/popular',
    tag,
    summary: 'Most viewed and clicked upcoming events',
    query: limitQuery,
    responses: { 200: 'Popular events' },
    answers: { 200: popularAnswerSchema },
  },
  {
    method: 'get',
    path: '/api/events/:id',
    tag,
    summary: 'One event with every offer, cheapest first (counts a view)',
    responses: { 200: 'The event', 301: "A linked offer's id: moved to its event", 404: 'Event not found' },
    answers: { 200: publicEventSchema },
  },
  {
    method: 'get',
    path: '/api/events/:id/similar',
    tag,
    summary: 'Events like this one',
    query: limitQuery,
    responses: { 200: 'Similar events', 301: "A linked offer's id: moved to its event", 404: 'Event not found' },
    answers: { 200: similarAnswerSchema },
  },
  {
    method: 'get',
    path: '/api/events/:id/accommodations',
    tag,
    summary: 'Places to stay near the event',
    responses: { 200: 'Accommodations', 301: "A linked offer's id: moved to its event", 404: 'Event not found' },
    answers: { 200: accommodationsAnswerSchema },
  },
  {
    method: 'get',
    path: '/api/events/calendar.ics',
    tag,
    summary: 'The search as a subscribable calendar',
    query: searchQuerySchema,
    produces: 'text/calendar',
    responses: { 200: 'iCalendar feed' },
  },
  {
    method: 'get',
    path: '/api/events/:id/calendar.ics',
    tag,
    summary: 'One event as a calendar file',
    produces: 'text/calendar',
    responses: { 200: 'iCalendar file', 404: 'Event not found' },
  },
  {
    method: 'get',
    path: '/api/geo/ip',
    tag,
    summary: "The caller's approximate position",
    responses: {
      200: 'Latitude, longitude, city',
      404: '`{ error, reason }`, reason `private_address` (a private or local address) or `no_data` (the database does not place it)',
    },
    answers: { 200: ipLocationSchema, 404: ipNotLocatedSchema },
  },
  {
    method: 'get',
    path: '/api/ticketmaster/tracking-link/:ref',
    tag,
    summary: 'Affiliate link of a Ticketmaster event (counts a click)',
    responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' },
    answers: { 200: affiliateLinkSchema },
  },
  {
    method: 'get',
    path: '/api/feverup/tracking-link/:ref',
    tag,
    summary: 'Affiliate link of a Fever event (counts a click)',
    responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' },
    answers: { 200: affiliateLinkSchema },
  },
  {
    method: 'post',
    path: '/api/admin/events/:id/split',
    tag,
    admin: true,
    summary: 'Split a wrongly linked offer off its event (remembered: never linked back)',
    body: z.object({ reason: z.string().min(1).max(500).optional() }),
    responses: {
      200: '`{ event_id, remaining_canonical_id }`',
      404: 'Event not found',
      409: 'Not linked with any other offer',
    },
    answers: { 200: splitAnswerSchema },
  },
  {
    method: 'get',
    path: '/api/affiliate/redirect/:ref',
    tag,
    summary: 'Affiliate link of any other event (counts a click)',
    responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' },
    answers: { 200: affiliateLinkSchema },
  },
];
