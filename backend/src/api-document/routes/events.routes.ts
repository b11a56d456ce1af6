/**
 * The events module's calls. Its list filters are parsed by hand (`search-params.ts`: lenient, repeated and
 * blank values tolerated), not by a zod schema, so the query is described here with one; keep the two in
 * step when a filter is added (the coverage test checks routes, not parameters).
 */
import { z } from 'zod';
import { CATEGORIES, cursorParam } from '@evently/events';
import type { ApiRoute } from '../api-route.ts';

const tag = 'events';

const searchQuery = z.object({
  keyword: z.string().max(200).optional(),
  country: z.string().max(200).optional(),
  city: z.string().max(200).optional(),
  category: z.enum([...CATEGORIES, 'all']).optional(),
  date_preset: z.string().optional().describe('today, tomorrow, this_weekend, this_week, next_week, this_month, ... or all/custom'),
  date_from: z.string().optional().describe('YYYY-MM-DD, in the X-Timezone zone'),
  date_to: z.string().optional(),
  min_price: z.number().min(0).optional(),
  max_price: z.number().min(0).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  radius_km: z.number().min(1).max(100).optional(),
  north: z.number().optional(),
  south: z.number().optional(),
  east: z.number().optional(),
  west: z.number().optional(),
  sort_by: z.enum(['date', 'price', 'popularity', 'name', 'distance']).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(1000).optional(),
  cursor: cursorParam.optional(),
  fields: z
    .enum(['map_basic', 'card'])
    .optional()
    .describe('Lighter items: map_basic for map pins; card for list cards (no FAQ, highlights, offers, ratings...; decision 024). Absent: whole events'),
});
const limitQuery = z.object({ limit: z.number().int().min(1).optional() });

export const eventsRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/events', tag, summary: 'Search the catalogue', query: searchQuery, responses: { 200: 'A page of events', 400: 'A filter is invalid or the page is past the result window' } },
  { method: 'get', path: '/api/events/filters', tag, summary: 'Countries, cities and categories to filter by', responses: { 200: 'Filter options' } },
  { method: 'get', path: '/api/events/popular', tag, summary: 'Most viewed and clicked upcoming events', query: limitQuery, responses: { 200: 'Popular events' } },
  { method: 'get', path: '/api/events/:id', tag, summary: 'One event with every offer, cheapest first (counts a view)', responses: { 200: 'The event', 301: 'A linked offer\'s id: moved to its event', 404: 'Event not found' } },
  { method: 'get', path: '/api/events/:id/similar', tag, summary: 'Events like this one', query: limitQuery, responses: { 200: 'Similar events', 301: 'A linked offer\'s id: moved to its event', 404: 'Event not found' } },
  { method: 'get', path: '/api/events/:id/accommodations', tag, summary: 'Places to stay near the event', responses: { 200: 'Accommodations', 301: 'A linked offer\'s id: moved to its event', 404: 'Event not found' } },
  { method: 'get', path: '/api/events/calendar.ics', tag, summary: 'The search as a subscribable calendar', query: searchQuery, produces: 'text/calendar', responses: { 200: 'iCalendar feed' } },
  { method: 'get', path: '/api/events/:id/calendar.ics', tag, summary: 'One event as a calendar file', produces: 'text/calendar', responses: { 200: 'iCalendar file', 404: 'Event not found' } },
  { method: 'get', path: '/api/geo/ip', tag, summary: "The caller's approximate position", responses: { 200: 'Latitude, longitude, city', 404: 'No position for this address' } },
  { method: 'get', path: '/api/ticketmaster/tracking-link/:ref', tag, summary: 'Affiliate link of a Ticketmaster event (counts a click)', responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' } },
  { method: 'get', path: '/api/feverup/tracking-link/:ref', tag, summary: 'Affiliate link of a Fever event (counts a click)', responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' } },
  {
    method: 'post',
    path: '/api/admin/events/:id/split',
    tag,
    admin: true,
    summary: 'Split a wrongly linked offer off its event (remembered: never linked back)',
    body: z.object({ reason: z.string().min(1).max(500).optional() }),
    responses: { 200: '`{ event_id, remaining_canonical_id }`', 404: 'Event not found', 409: 'Not linked with any other offer' },
  },
  { method: 'get', path: '/api/affiliate/redirect/:ref', tag, summary: 'Affiliate link of any other event (counts a click)', responses: { 200: '`{ affiliate_url }`', 404: 'No such event or no link' } },
];
