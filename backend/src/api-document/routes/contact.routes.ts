/** The calls where visitors reach the team: support tickets, partnership requests, digest subscriptions. */
import {
  partnershipAdminListQuerySchema,
  partnershipStatusUpdateSchema,
  partnershipSubmitSchema,
  requestAnswerSchema,
  requestDeletedAnswerSchema,
  requestPageSchema,
  requestReceivedAnswerSchema,
} from '@evently/partnerships';
import {
  digestBatchAnswerSchema,
  digestRefusedAnswerSchema,
  digestSentAnswerSchema,
  savedSearchEditedAnswerSchema,
  signUpAnswerSchema,
  subscriberAdminListQuerySchema,
  subscriberAdminPatchSchema,
  subscriberAnswerSchema,
  subscriberDeletedAnswerSchema,
  subscriberIdSchema,
  subscriberPageSchema,
  subscriptionMailLinkTokenSchema,
  subscriptionSavedSearchEditSchema,
  subscriptionSignUpSchema,
  unsubscribedAnswerSchema,
} from '@evently/subscriptions';
import {
  adminQueueSchema,
  adminTicketAnswerSchema,
  cannedReplyAnswerSchema,
  cannedReplyListAnswerSchema,
  cannedReplySchema,
  categoriesAnswerSchema,
  createTicketAnswerSchema,
  createTicketSchema,
  deletedAnswerSchema,
  faqAnswerSchema,
  postedMessageAnswerSchema,
  renderedCannedReplyAnswerSchema,
  ticketAdminListQuerySchema,
  ticketAssignSchema,
  ticketLookupAnswerSchema,
  ticketPostMessageSchema,
  ticketPrioritySchema,
  ticketStatusUpdateSchema,
} from '@evently/support';
import type { ApiRoute } from '../api-route.ts';
import { answer, formRefusals, notFound, routesOf } from '../route-builder.ts';

const support = routesOf('support');

export const supportRoutes: ApiRoute[] = [
  support.get('/api/support/categories', 'Ticket categories', {
    200: answer('`{ categories: [{ value, label }] }`', categoriesAnswerSchema),
  }),
  support.get('/api/support/faq', 'Frequently asked questions', {
    200: answer('`{ faq: [{ question, answer }] }`', faqAnswerSchema),
  }),
  support.post(
    '/api/support/tickets',
    'Open a ticket (mails the visitor a tracking link)',
    {
      201: answer(
        "`{ message, ticket, access_token }`: the token holder's view and the tracking token, given this once (a filled honeypot gets the message alone)",
        createTicketAnswerSchema,
      ),
      ...formRefusals('tickets'),
    },
    { body: createTicketSchema, rateLimited: true },
  ),
  support.admin.get(
    '/api/support/tickets',
    'The ticket queue: newest first or oldest_waiting (the visitor waiting longest for the team first); status, search, assignee=mine|unassigned|all',
    {
      200: answer(
        '`{ tickets, counts }`: each ticket without its conversation, with `assignee`, `notes_count` and `sla { age_seconds, first_response_due_at, first_response_at, overdue, awaiting_reply_since }`; `counts` per status over the whole desk and `all`',
        adminQueueSchema,
      ),
      400: 'Unknown status, assignee or sort',
    },
    { query: ticketAdminListQuerySchema },
  ),
  support.get(
    '/api/support/tickets/:number',
    'One ticket: the number alone gives status and dates, its access token the conversation, the admin credential everything with internal notes, `activity` and `sla`',
    {
      200: answer(
        "`{ ticket }`: the admin detail (conversation with notes, `activity`, `sla`), the token holder's detail, or the status view",
        ticketLookupAnswerSchema,
      ),
      403: 'Token does not match',
      ...notFound('Ticket'),
      429: 'Too many lookups from this network (administrators are not counted)',
    },
    { rateLimited: true },
  ),
  support.admin.put(
    '/api/support/tickets/:number/status',
    "Change a ticket status (optional message to the visitor), signed with the session's agent name or 'Support team'",
    { 200: answer('`{ ticket }` (admin view with activity and sla)', adminTicketAnswerSchema), ...notFound('Ticket') },
    { body: ticketStatusUpdateSchema },
  ),
  support.admin.put(
    '/api/support/tickets/:number/priority',
    "Change a ticket's priority (its first-response due time follows)",
    {
      200: answer('`{ ticket }` (admin view)', adminTicketAnswerSchema),
      400: 'Unknown priority',
      ...notFound('Ticket'),
    },
    { body: ticketPrioritySchema },
  ),
  support.admin.put(
    '/api/support/tickets/:number/assignee',
    'Assign a ticket: "me" (the session\'s agent), a colleague\'s name, or null to leave it unassigned',
    {
      200: answer('`{ ticket }` (admin view)', adminTicketAnswerSchema),
      ...notFound('Ticket'),
      409: '"me" from a session without an agent name',
    },
    { body: ticketAssignSchema },
  ),
  support.post(
    '/api/support/tickets/:number/messages',
    'Add a message to a ticket: a visitor follow-up (token), a team reply (is_admin, signed with the agent name), or an internal note (is_admin and is_internal: never shown, pushed or mailed to the visitor)',
    {
      201: answer(
        "`{ ticket }`: the admin detail for the team, the token holder's detail for the visitor",
        postedMessageAnswerSchema,
      ),
      400: 'is_internal without is_admin',
      401: 'is_admin without the admin credential',
      403: 'Token does not match',
      ...notFound('Ticket'),
      409: 'Ticket closed',
      429: 'Too many follow-ups from this network (administrators are not counted)',
    },
    { body: ticketPostMessageSchema, rateLimited: true },
  ),
  support.admin.delete('/api/support/tickets/:id', 'Delete a ticket (with its activity)', {
    200: answer('`{ message }`', deletedAnswerSchema),
    ...notFound('Ticket'),
  }),
  support.admin.get(
    '/api/support/canned-replies',
    "The team's canned replies by title; bodies may hold {{name}} and {{ticket_number}} (renderCannedReply in @evently/support fills them)",
    {
      200: answer(
        '`{ canned_replies: [{ id, title, body, updated_by, created_at, updated_at }] }`',
        cannedReplyListAnswerSchema,
      ),
    },
  ),
  support.admin.get('/api/support/canned-replies/:id', 'One canned reply', {
    200: answer('`{ canned_reply }`', cannedReplyAnswerSchema),
    ...notFound('Canned reply'),
  }),
  support.admin.get(
    '/api/support/tickets/:number/canned-replies/:id',
    "A canned reply filled in for one ticket ({{name}} = the visitor's name, {{ticket_number}}), for the reply box",
    { 200: answer('`{ id, title, text }`', renderedCannedReplyAnswerSchema), ...notFound('Ticket or canned reply') },
  ),
  support.admin.post(
    '/api/support/canned-replies',
    'Add a canned reply',
    {
      201: answer('`{ canned_reply }`', cannedReplyAnswerSchema),
      400: 'Title or body missing or too long',
      409: 'A canned reply with this title already exists (titles compare case-insensitively)',
    },
    { body: cannedReplySchema },
  ),
  support.admin.put(
    '/api/support/canned-replies/:id',
    'Change a canned reply',
    {
      200: answer('`{ canned_reply }`', cannedReplyAnswerSchema),
      ...notFound('Canned reply'),
      409: 'Another canned reply has this title',
    },
    { body: cannedReplySchema },
  ),
  support.admin.delete('/api/support/canned-replies/:id', 'Remove a canned reply', {
    200: answer('`{ message }`', deletedAnswerSchema),
    ...notFound('Canned reply'),
  }),
];

const partnerships = routesOf('partnerships');

export const partnershipsRoutes: ApiRoute[] = [
  partnerships.post(
    '/api/partnership-request',
    'Send a partnership request',
    {
      201: answer('`{ success, message }`: the Thank You text (the same for a repeat)', requestReceivedAnswerSchema),
      ...formRefusals('requests'),
    },
    { body: partnershipSubmitSchema, rateLimited: true },
  ),
  partnerships.admin.get(
    '/api/admin/partnership-requests',
    'Partnership requests',
    { 200: answer('`{ requests, pagination: { page, pages, total }, new_count }`, newest first', requestPageSchema) },
    { query: partnershipAdminListQuerySchema },
  ),
  partnerships.admin.get('/api/admin/partnership-requests/:id', 'One request', {
    200: answer('`{ request }`', requestAnswerSchema),
    ...notFound('Request'),
  }),
  partnerships.admin.patch(
    '/api/admin/partnership-requests/:id',
    'Change a request status',
    { 200: answer('`{ request }`', requestAnswerSchema), ...notFound('Request') },
    { body: partnershipStatusUpdateSchema },
  ),
  partnerships.admin.delete('/api/admin/partnership-requests/:id', 'Delete a request', {
    200: answer('`{ message }`', requestDeletedAnswerSchema),
    ...notFound('Request'),
  }),
];

/**
 * The pages a mail's links open: HTML, errors included, for a person who clicked. No body schema: mail clients'
 * RFC 8058 one-click unsubscribe POSTs a form body, which the route ignores.
 */
const mailLinkPage = { params: subscriptionMailLinkTokenSchema, produces: 'text/html', errorPages: true } as const;

const subscriptions = routesOf('subscriptions');

export const subscriptionsRoutes: ApiRoute[] = [
  subscriptions.post(
    '/api/subscriptions',
    'Sign up for the weekly digest of a city or a saved search (double opt-in)',
    {
      202: answer(
        "`{ message }`: the same answer whether the address is new, already known or a bot's",
        signUpAnswerSchema,
      ),
      ...formRefusals('sign-ups'),
      503: 'The mail server is unavailable',
    },
    { body: subscriptionSignUpSchema, rateLimited: true },
  ),
  subscriptions.put(
    '/api/subscriptions/saved/:token',
    "Change a saved search through its digest's edit link",
    {
      200: answer(
        '`{ ok, search, description, url }`: the search, in words and its address on the site',
        savedSearchEditedAnswerSchema,
      ),
      ...formRefusals('changes'),
      404: 'Unknown link',
      409: 'The address already saved this search',
    },
    { params: subscriptionMailLinkTokenSchema, body: subscriptionSavedSearchEditSchema, rateLimited: true },
  ),
  subscriptions.get(
    '/api/subscriptions/confirm/:token',
    'Confirmation page (asks to press a button)',
    { 200: 'Page', 404: 'Page: unknown link', 410: 'Page: the link expired' },
    mailLinkPage,
  ),
  subscriptions.post(
    '/api/subscriptions/confirm/:token',
    'Confirm a subscription (the page answers the button)',
    { 200: 'Page: confirmed', 404: 'Page: unknown link', 410: 'Page: the link expired' },
    mailLinkPage,
  ),
  subscriptions.get(
    '/api/subscriptions/unsubscribe/:token',
    'Unsubscribe page (asks to press a button)',
    { 200: 'Page', 404: 'Page: unknown link' },
    mailLinkPage,
  ),
  subscriptions.post(
    '/api/subscriptions/unsubscribe/:token',
    'Unsubscribe (also RFC 8058 one-click): the page for a browser that asks for HTML, `{ ok, status }` for a mail client',
    {
      200: answer('Unsubscribed, or already inactive (`status`)', unsubscribedAnswerSchema),
      404: answer('Unknown link (`status: unknown_token`)', unsubscribedAnswerSchema),
    },
    mailLinkPage,
  ),
  subscriptions.admin.get(
    '/api/subscriptions/admin',
    'Subscribers',
    {
      200: answer(
        '`{ ok, subscriptions, pages, page, total, stats }`: a page of subscribers and the counts',
        subscriberPageSchema,
      ),
    },
    { query: subscriberAdminListQuerySchema },
  ),
  subscriptions.admin.post('/api/subscriptions/admin/run-digest', 'Send the due digests now', {
    200: answer('`{ result: { processed, sent, skipped, searches } }`', digestBatchAnswerSchema),
    503: 'The mail server is unavailable (running it again continues where it stopped)',
  }),
  subscriptions.admin.patch(
    '/api/subscriptions/admin/:id',
    'Edit a subscriber',
    {
      200: answer('`{ ok, subscription }`', subscriberAnswerSchema),
      400: 'A field is invalid',
      ...notFound('Subscriber'),
      409: 'Activating an address that has not been confirmed, or the edit makes a subscription the address already has',
    },
    { params: subscriberIdSchema, body: subscriberAdminPatchSchema },
  ),
  subscriptions.admin.delete(
    '/api/subscriptions/admin/:id',
    'Delete a subscriber',
    { 200: answer('`{ ok }`', subscriberDeletedAnswerSchema), ...notFound('Subscriber') },
    { params: subscriberIdSchema },
  ),
  subscriptions.admin.post(
    '/api/subscriptions/admin/:id/send-digest',
    "Send one subscriber's digest now",
    {
      200: answer(
        '`{ ok, sent, reason?, subscription }` (sent 0 with a reason when there are no events)',
        digestSentAnswerSchema,
      ),
      ...notFound('Subscriber'),
      409: answer(
        '`{ ok: false, reason: not_confirmed | deactivated, error, subscription }`: nobody is mailed who has not confirmed or is deactivated',
        digestRefusedAnswerSchema,
      ),
      503: 'The mail server is unavailable',
    },
    { params: subscriberIdSchema },
  ),
];
