/** The calls where visitors reach the team: support tickets, partnership requests, digest subscriptions. */
import { partnershipAdminListQuerySchema, partnershipStatusUpdateSchema, partnershipSubmitSchema } from '@evently/partnerships';
import {
  subscriberAdminListQuerySchema,
  subscriberAdminPatchSchema,
  subscriberIdSchema,
  subscriptionMailLinkTokenSchema,
  subscriptionSignUpSchema,
} from '@evently/subscriptions';
import { createTicketSchema, ticketAdminListQuerySchema, ticketPostMessageSchema, ticketStatusUpdateSchema } from '@evently/support';
import type { ApiRoute } from '../api-route.ts';

export const supportRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/support/categories', tag: 'support', summary: 'Ticket categories', responses: { 200: 'Categories' } },
  { method: 'get', path: '/api/support/faq', tag: 'support', summary: 'Frequently asked questions', responses: { 200: 'FAQ' } },
  { method: 'post', path: '/api/support/tickets', tag: 'support', summary: 'Open a ticket (mails the visitor a tracking link)', body: createTicketSchema, responses: { 201: 'Ticket created', 400: 'A field is invalid', 429: 'Too many tickets from this network' } },
  { method: 'get', path: '/api/support/tickets', tag: 'support', admin: true, summary: 'The ticket queue', query: ticketAdminListQuerySchema, responses: { 200: 'Tickets' } },
  { method: 'get', path: '/api/support/tickets/:number', tag: 'support', summary: 'One ticket (its access token, or the admin credential)', responses: { 200: 'The ticket', 403: 'Token does not match', 404: 'Ticket not found' } },
  { method: 'put', path: '/api/support/tickets/:number/status', tag: 'support', admin: true, summary: 'Change a ticket status (optional note to the visitor)', body: ticketStatusUpdateSchema, responses: { 200: 'The ticket', 404: 'Ticket not found' } },
  { method: 'post', path: '/api/support/tickets/:number/messages', tag: 'support', summary: 'Add a message to a ticket', body: ticketPostMessageSchema, responses: { 201: 'The ticket', 403: 'Token does not match', 404: 'Ticket not found', 409: 'Ticket closed' } },
  { method: 'delete', path: '/api/support/tickets/:id', tag: 'support', admin: true, summary: 'Delete a ticket', responses: { 200: 'Deleted', 404: 'Ticket not found' } },
];

export const partnershipsRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/partnership-request', tag: 'partnerships', summary: 'Send a partnership request', body: partnershipSubmitSchema, responses: { 201: 'Received', 400: 'A field is invalid', 429: 'Too many requests from this network' } },
  { method: 'get', path: '/api/admin/partnership-requests', tag: 'partnerships', admin: true, summary: 'Partnership requests', query: partnershipAdminListQuerySchema, responses: { 200: 'Requests' } },
  { method: 'get', path: '/api/admin/partnership-requests/:id', tag: 'partnerships', admin: true, summary: 'One request', responses: { 200: 'The request', 404: 'Request not found' } },
  { method: 'patch', path: '/api/admin/partnership-requests/:id', tag: 'partnerships', admin: true, summary: 'Change a request status', body: partnershipStatusUpdateSchema, responses: { 200: 'The request', 404: 'Request not found' } },
  { method: 'delete', path: '/api/admin/partnership-requests/:id', tag: 'partnerships', admin: true, summary: 'Delete a request', responses: { 200: 'Deleted', 404: 'Request not found' } },
];

/** Mail clients' RFC 8058 one-click unsubscribe POSTs a form body, which the route ignores. */
const mailLink = { params: subscriptionMailLinkTokenSchema } as const;

export const subscriptionsRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/subscriptions', tag: 'subscriptions', summary: 'Sign up for the weekly digest (double opt-in)', body: subscriptionSignUpSchema, responses: { 202: 'Confirmation mail sent', 400: 'A field is invalid', 429: 'Too many sign-ups from this network' } },
  { method: 'get', path: '/api/subscriptions/confirm/:token', tag: 'subscriptions', summary: 'Confirmation page (asks to press a button)', params: subscriptionMailLinkTokenSchema, produces: 'text/html', responses: { 200: 'Page', 404: 'Unknown link' } },
  { method: 'post', path: '/api/subscriptions/confirm/:token', tag: 'subscriptions', summary: 'Confirm a subscription', ...mailLink, responses: { 200: 'Confirmed', 404: 'Unknown link' } },
  { method: 'get', path: '/api/subscriptions/unsubscribe/:token', tag: 'subscriptions', summary: 'Unsubscribe page (asks to press a button)', params: subscriptionMailLinkTokenSchema, produces: 'text/html', responses: { 200: 'Page', 404: 'Unknown link' } },
  { method: 'post', path: '/api/subscriptions/unsubscribe/:token', tag: 'subscriptions', summary: 'Unsubscribe (also RFC 8058 one-click)', ...mailLink, responses: { 200: 'Unsubscribed', 404: 'Unknown link' } },
  { method: 'get', path: '/api/subscriptions/admin', tag: 'subscriptions', admin: true, summary: 'Subscribers', query: subscriberAdminListQuerySchema, responses: { 200: 'A page of subscribers' } },
  { method: 'post', path: '/api/subscriptions/admin/run-digest', tag: 'subscriptions', admin: true, summary: 'Send the due digests now', responses: { 200: 'Batch result' } },
  { method: 'patch', path: '/api/subscriptions/admin/:id', tag: 'subscriptions', admin: true, summary: 'Edit a subscriber', params: subscriberIdSchema, body: subscriberAdminPatchSchema, responses: { 200: 'The subscriber', 400: 'A field is invalid', 404: 'Subscriber not found' } },
  { method: 'delete', path: '/api/subscriptions/admin/:id', tag: 'subscriptions', admin: true, summary: 'Delete a subscriber', params: subscriberIdSchema, responses: { 200: 'Deleted', 404: 'Subscriber not found' } },
  { method: 'post', path: '/api/subscriptions/admin/:id/send-digest', tag: 'subscriptions', admin: true, summary: "Send one subscriber's digest now", params: subscriberIdSchema, responses: { 200: 'Sent', 404: 'Subscriber not found' } },
];
