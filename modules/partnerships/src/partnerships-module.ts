/**
 * Wires the partnerships module from its ports: the form and admin router with its rate limit, and the
 * acknowledgement and team mailers.
 */
import {
  moduleBasics,
  moduleMail,
  rateLimitsFor,
  type AppModule,
  type ModuleDeps,
  type ModuleMailOptions,
} from '@evently/platform';
import type { PartnershipsContext } from './application/context.ts';
import { createAcknowledgementMailer, createTeamMailer } from './application/mail/request-mailers.ts';
import { submitRequest } from './application/commands/submit-request/submit-request.ts';
import { erasePerson } from './application/commands/erase-person/erase-person.ts';
import { PARTNERSHIPS_TOPIC } from './contracts/messages.ts';
import { submitRequestSchema } from './contracts/submit-request.ts';
import type { AdminRequestView } from './contracts/request-answers.ts';
import { toAdminView } from './domain/request-views.ts';
import { createPartnershipsRouter } from './http/partnerships.router.ts';
import { partnershipCollections } from './infra/collections.ts';

export interface PartnershipsOptions extends ModuleMailOptions {
  /** PARTNERS_INBOX: the team address that gets a mail per new request; no team mail when unset. */
  partnersInbox?: string;
  /** Submits per client address (default 5 per 10 minutes). */
  submitLimit?: { limit: number; windowMs: number };
}

export interface PartnershipsModule extends AppModule {
  commands: {
    /** The public form as a command (validated like the HTTP body), for imports and tests. */
    submitRequest(input: unknown): Promise<{ request: AdminRequestView; duplicate: boolean }>;
  };
}

export function createPartnershipsModule(deps: ModuleDeps, options: PartnershipsOptions): PartnershipsModule {
  const { mailer, mailboxCap } = moduleMail(deps, { name: 'partnerships', senderLabel: 'Partnerships' }, options);
  const ctx: PartnershipsContext = moduleBasics(deps, 'partnerships', options.appName);
  const mailCtx = { ...ctx, mailer, mailboxCap };
  const submitLimit = options.submitLimit ?? { limit: 5, windowMs: 10 * 60_000 };
  return {
    name: 'partnerships',
    collections: partnershipCollections,
    topics: [PARTNERSHIPS_TOPIC],
    searchSchemas: [],
    projectors: [
      createAcknowledgementMailer(mailCtx),
      ...(options.partnersInbox ? [createTeamMailer(mailCtx, options.partnersInbox)] : []),
    ],
    schedulers: [],
    routers: [
      createPartnershipsRouter(ctx, {
        requireAdmin: deps.requireAdmin,
        // Counted in the store, so the limit holds across api replicas and restarts; admins are not counted.
        submitRateLimit: rateLimitsFor(deps).middleware({
          name: 'partnerships.submit',
          ...submitLimit,
          message: 'Too many partnership requests from your network, please try again later.',
        }),
      }),
    ],
    commands: {
      async submitRequest(input) {
        const { request, duplicate } = await submitRequest(ctx, submitRequestSchema.parse(input));
        return { request: toAdminView(request), duplicate };
      },
    },
    erasePerson: (subject) => erasePerson(ctx, subject),
    async close() {
      await mailer.close();
    },
  };
}
