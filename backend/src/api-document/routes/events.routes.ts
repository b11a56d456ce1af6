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
import { answer, notFound, routesOf } from '../route-builder.ts';

const events = routesOf('events');

const limitQuery = z.object({ limit: z.number().int().min(1).optional() });

/** Calls on one event by id: an offer's id that was linked into another event is sent to that event. */
const eventRefusals = { 301: "A linked offer's id: moved to its event", ...notFound('Event') };

/** The outbound links, which count a click on the way. */
const affiliateLink = (path: string, summary: string) =>
  events.get(path, summary, {
    200: answer('`{ affiliate_url }`', affiliateLinkSchema),
    404: 'No such event or no link',
  });

export const eventsRoutes: ApiRoute[] = [
  events.get(
    '/api/events',
    'Search the catalogue',
    {
      200: answer('A page of events', searchAnswerSchema),
      400: 'A filter is invalid or the page is past the result window',
    },
    { query: searchQuerySchema },
  ),
  events.get('/api/events/filters', 'Countries, cities and categories to filter by', {
    200: answer('Filter options', filterOptionsSchema),
  }),
  events.get(
    '/api/events/popular',
    'Most viewed and clicked upcoming events',
    { 200: answer('Popular events', popularAnswerSchema) },
    { query: limitQuery },
  ),
  events.get('/api/events/:id', 'One event with every offer, cheapest first (counts a view)', {
    200: answer('The event', publicEventSchema),
    ...eventRefusals,
  }),
  events.get(
    '/api/events/:id/similar',
    'Events like this one',
    { 200: answer('Similar events', similarAnswerSchema), ...eventRefusals },
    { query: limitQuery },
  ),
  events.get('/api/events/:id/accommodations', 'Places to stay near the event', {
    200: answer('Accommodations', accommodationsAnswerSchema),
    ...eventRefusals,
  }),
  events.get(
    '/api/events/calendar.ics',
    'The search as a subscribable calendar',
    { 200: 'iCalendar feed' },
    { query: searchQuerySchema, produces: 'text/calendar' },
  ),
  events.get(
    '/api/events/:id/calendar.ics',
    'One event as a calendar file',
    { 200: 'iCalendar file', ...notFound('Event') },
    { produces: 'text/calendar' },
  ),
  events.get('/api/geo/ip', "The caller's approximate position", {
    200: answer('Latitude, longitude, city', ipLocationSchema),
    404: answer(
      '`{ error, reason }`, reason `private_address` (a private or local address) or `no_data` (the database does not place it)',
      ipNotLocatedSchema,
    ),
  }),
  affiliateLink('/api/ticketmaster/tracking-link/:ref', 'Affiliate link of a Ticketmaster event (counts a click)'),
  affiliateLink('/api/feverup/tracking-link/:ref', 'Affiliate link of a Fever event (counts a click)'),
  events.admin.post(
    '/api/admin/events/:id/split',
    'Split a wrongly linked offer off its event (remembered: never linked back)',
    {
      200: answer('`{ event_id, remaining_canonical_id }`', splitAnswerSchema),
      ...notFound('Event'),
      409: 'Not linked with any other offer',
    },
    { body: z.object({ reason: z.string().min(1).max(500).optional() }) },
  ),
  affiliateLink('/api/affiliate/redirect/:ref', 'Affiliate link of any other event (counts a click)'),
];
