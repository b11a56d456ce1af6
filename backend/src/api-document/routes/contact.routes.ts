/** The calls where visitors reach the team: support tickets, partnership requests, digest subscriptions. */
import { partnershipAdminListQuerySchema, partnershipStatusUpdateSchema, partnershipSubmitSchema } from '@evently/partnerships';
import {
  subscriberAdminListQuerySchema,
  subscriberAdminPatchSchema,
  subscriberIdSchema,
  subscriptionMailLinkTokenSchema,
  subscriptionSavedSearchEditSchema,
  subscriptionSignUpSchema,
} from '@evently/subscriptions';
import {
  cannedReplySchema,
  createTicketSchema,
  ticketAdminListQuerySchema,
  ticketAssignSchema,
  ticketPostMessageSchema,
  ticketPrioritySchema,
  ticketStatusUpdateSchema,
} from '@evently/support';
import type { ApiRoute } from '../api-route.ts';

export const supportRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/support/categories', tag: 'support', summary: 'Ticket categories', responses: { 200: 'Categories' } },
  { method: 'get', path: '/api/support/faq', tag: 'support', summary: 'Frequently asked questions', responses: { 200: 'FAQ' } },
  { method: 'post', path: '/api/support/tickets', tag: 'support', summary: 'Open a ticket (mails the visitor a tracking link)', body: createTicketSchema, responses: { 201: 'Ticket created', 400: 'A field is invalid', 429: 'Too many tickets from this network' } },
  {
    method: 'get',
    path: '/api/support/tickets',
    tag: 'support',
    admin: true,
    summary: 'The ticket queue: newest first or oldest_waiting (the visitor waiting longest for the team first); status, search, assignee=mine|unassigned|all',
    query: ticketAdminListQuerySchema,
    responses: {
      200: '`{ tickets, counts }`: each ticket without its conversation, with `assignee`, `notes_count` and `sla { age_seconds, first_response_due_at, first_response_at, overdue, awaiting_reply_since }`; `counts` per status over the whole desk and `all`',
      400: 'Unknown status, assignee or sort',
    },
  },
  {
    method: 'get',
    path: '/api/support/tickets/:number',
    tag: 'support',
    summary: 'One ticket: the number alone gives status and dates, its access token the conversation, the admin credential everything with internal notes, `activity` and `sla`',
    responses: {
      200: '`{ ticket }`; for the team `activity` is `[{ kind, actor, at, from?, to?, message_index?, detail? }]`, kind one of opened, status_changed, priority_changed, assigned, reply, note, visitor_message, mail_sent, mail_failed',
      403: 'Token does not match',
      404: 'Ticket not found',
    },
  },
  { method: 'put', path: '/api/support/tickets/:number/status', tag: 'support', admin: true, summary: "Change a ticket status (optional message to the visitor), signed with the session's agent name or 'Support team'", body: ticketStatusUpdateSchema, responses: { 200: '`{ ticket }` (admin view with activity and sla)', 404: 'Ticket not found' } },
  { method: 'put', path: '/api/support/tickets/:number/priority', tag: 'support', admin: true, summary: "Change a ticket's priority (its first-response due time follows)", body: ticketPrioritySchema, responses: { 200: '`{ ticket }` (admin view)', 400: 'Unknown priority', 404: 'Ticket not found' } },
  { method: 'put', path: '/api/support/tickets/:number/assignee', tag: 'support', admin: true, summary: 'Assign a ticket: "me" (the session\'s agent), a colleague\'s name, or null to leave it unassigned', body: ticketAssignSchema, responses: { 200: '`{ ticket }` (admin view)', 404: 'Ticket not found', 409: '"me" from a session without an agent name' } },
  { method: 'post', path: '/api/support/tickets/:number/messages', tag: 'support', summary: 'Add a message to a ticket: a visitor follow-up (token), a team reply (is_admin, signed with the agent name), or an internal note (is_admin and is_internal: never shown, pushed or mailed to the visitor)', body: ticketPostMessageSchema, responses: { 201: '`{ ticket }`', 400: 'is_internal without is_admin', 401: 'is_admin without the admin credential', 403: 'Token does not match', 404: 'Ticket not found', 409: 'Ticket closed' } },
  { method: 'delete', path: '/api/support/tickets/:id', tag: 'support', admin: true, summary: 'Delete a ticket (with its activity)', responses: { 200: 'Deleted', 404: 'Ticket not found' } },
  { method: 'get', path: '/api/support/canned-replies', tag: 'support', admin: true, summary: "The team's canned replies by title; bodies may hold {{name}} and {{ticket_number}} (renderCannedReply in @evently/support fills them)", responses: { 200: '`{ canned_replies: [{ id, title, body, updated_by, created_at, updated_at }] }`' } },
  { method: 'get', path: '/api/support/canned-replies/:id', tag: 'support', admin: true, summary: 'One canned reply', responses: { 200: '`{ canned_reply }`', 404: 'Canned reply not found' } },
  { method: 'get', path: '/api/support/tickets/:number/canned-replies/:id', tag: 'support', admin: true, summary: 'A canned reply filled in for one ticket ({{name}} = the visitor\'s name, {{ticket_number}}), for the reply box', responses: { 200: '`{ id, title, text }`', 404: 'Ticket or canned reply not found' } },
  { method: 'post', path: '/api/support/canned-replies', tag: 'support', admin: true, summary: 'Add a canned reply', body: cannedReplySchema, responses: { 201: '`{ canned_reply }`', 400: 'Title or body missing or too long', 409: 'A canned reply with this title already exists (titles compare case-insensitively)' } },
  { method: 'put', path: '/api/support/canned-replies/:id', tag: 'support', admin: true, summary: 'Change a canned reply', body: cannedReplySchema, responses: { 200: '`{ canned_reply }`', 404: 'Canned reply not found', 409: 'Another canned reply has this title' } },
  { method: 'delete', path: '/api/support/canned-replies/:id', tag: 'support', admin: true, summary: 'Remove a canned reply', responses: { 200: 'Deleted', 404: 'Canned reply not found' } },
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
  { method: 'post', path: '/api/subscriptions', tag: 'subscriptions', summary: 'Sign up for the weekly digest of a city or a saved search (double opt-in)', body: subscriptionSignUpSchema, responses: { 202: 'Confirmation mail sent', 400: 'A field is invalid', 429: 'Too many sign-ups from this network' } },
  { method: 'put', path: '/api/subscriptions/saved/:token', tag: 'subscriptions', summary: "Change a saved search through its digest's edit link", params: subscriptionMailLinkTokenSchema, body: subscriptionSavedSearchEditSchema, responses: { 200: 'The search in words and its address', 400: 'A field is invalid', 404: 'Unknown link', 409: 'The address already saved this search', 429: 'Too many changes from this network' } },
  { method: 'get', path: '/api/subscriptions/confirm/:token', tag: 'subscriptions', summary: 'Confirmation page (asks to press a button)', params: subscriptionMailLinkTokenSchema, produces: 'text/html', responses: { 200: 'Page', 404: 'Unknown link' } },
  { method: 'post', path: '/api/subscriptions/confirm/:token', tag: 'subscriptions', summary: 'Confirm a subscription', ...mailLink, responses: { 200: 'Confirmed', 404: 'Unknown link' } },
  { method: 'get', path: '/api/subscriptions/unsubscribe/:token', tag: 'subscriptions', summary: 'Unsubscribe page (asks to press a button)', params: subscriptionMailLinkTokenSchema, produces: 'text/html', responses: { 200: 'Page', 404: 'Unknown link' } },
  { method: 'post', path: '/api/subscriptions/unsubscribe/:token', tag: 'subscriptions', summary: 'Unsubscribe (also RFC 8058 one-click)', ...mailLink, responses: { 200: 'Unsubscribed', 404: 'Unknown link' } },
  { method: 'get', path: '/api/subscriptions/admin', tag: 'subscriptions', admin: true, summary: 'Subscribers', query: subscriberAdminListQuerySchema, responses: { 200: 'A page of subscribers' } },
  { method: 'post', path: '/api/subscriptions/admin/run-digest', tag: 'subscriptions', admin: true, summary: 'Send the due digests now', responses: { 200: 'Batch result' } },
  { method: 'patch', path: '/api/subscriptions/admin/:id', tag: 'subscriptions', admin: true, summary: 'Edit a subscriber', params: subscriberIdSchema, body: subscriberAdminPatchSchema, responses: { 200: 'The subscriber', 400: 'A field is invalid', 404: 'Subscriber not found' } },
  { method: 'delete', path: '/api/subscriptions/admin/:id', tag: 'subscriptions', admin: true, summary: 'Delete a subscriber', params: subscriberIdSchema, responses: { 200: 'Deleted', 404: 'Subscriber not found' } },
  { method: 'post', path: '/api/subscriptions/admin/:id/send-digest', tag: 'subscriptions', admin: true, summary: "Send one subscriber's digest now", params: subscriberIdSchema, responses: { 200: '`{ ok, sent, reason?, subscription }` (sent 0 with a reason when there are no events)', 404: 'Subscriber not found', 409: '`{ ok: false, reason: not_confirmed | deactivated, error, subscription }`: nobody is mailed who has not confirmed or is deactivated' } },
];
