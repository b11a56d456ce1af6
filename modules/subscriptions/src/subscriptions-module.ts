/**
 * Wires the subscriptions module from its ports: the sign-up and admin router with its rate limit, the
 * confirmation mailer and the weekly digest scheduler.
 */
import {
  moduleBasics,
  moduleMail,
  rateLimitsFor,
  type AppModule,
  type ModuleDeps,
  type ModuleMailOptions,
} from '@evently/platform';
import { createConfirmationMailer } from './application/confirmation-mailer.ts';
import type { SubscriptionsContext } from './application/context.ts';
import { createDigestScheduler, type DigestSchedule } from './application/digest-scheduler.ts';
import { runDigestBatch } from './application/run-digest-batch.ts';
import { signUp } from './application/sign-up.ts';
import { erasePerson } from './application/erase-person.ts';
import { confirmSubscription, type ConfirmOutcome } from './application/confirm.ts';
import { signUpSchema } from './contracts/sign-up.ts';
import { SUBSCRIBERS_TOPIC } from './contracts/messages.ts';
import type { DigestBatchResult } from './contracts/subscriber-answers.ts';
import type { EventsCatalogue } from './domain/digest-event.ts';
import { createSubscriptionsRouter } from './http/subscriptions.router.ts';
import { subscriptionCollections } from './infra/collections.ts';

export interface SubscriptionsOptions extends ModuleMailOptions {
  /** Where the digest finds events; the backend passes the events module's queries. */
  catalogue: EventsCatalogue;
  schedule?: DigestSchedule;
  /** Sign-ups allowed per client address per window (default 5 per 10 minutes). */
  signUpLimit?: { limit: number; windowMs: number };
  /**
   * Subscribers the digest batch claims, mails and records together: what a batch that dies mid-page can leave
   * without this week's digest (100 unless set; larger pages make fewer store commits).
   */
  digestPageSize?: number;
}

export interface SubscriptionsModule extends AppModule {
  commands: {
    /** The public sign-up as a command (validated like the HTTP body): a pending request until confirmed. */
    signUp(input: unknown): Promise<void>;
    /** What following a confirmation link does (its token), for imports and tests. */
    confirm(token: string): Promise<ConfirmOutcome>;
  };
  runDigestBatch(): Promise<DigestBatchResult>;
}

export function createSubscriptionsModule(deps: ModuleDeps, options: SubscriptionsOptions): SubscriptionsModule {
  const rateLimits = rateLimitsFor(deps);
  const ctx: SubscriptionsContext = {
    ...moduleBasics(deps, 'subscriptions', options.appName),
    ...moduleMail(deps, { name: 'subscriptions' }, options),
    catalogue: options.catalogue,
    ...(options.digestPageSize ? { digestPageSize: options.digestPageSize } : {}),
  };
  const limit = options.signUpLimit ?? { limit: 5, windowMs: 10 * 60_000 };
  const signUpRateLimit = rateLimits.middleware({
    name: 'subscriptions.sign-up',
    ...limit,
    message: 'Too many sign-up attempts from your network, please try again later.',
  });
  return {
    name: 'subscriptions',
    collections: subscriptionCollections,
    topics: [SUBSCRIBERS_TOPIC],
    searchSchemas: [],
    projectors: [createConfirmationMailer(ctx)],
    schedulers: [createDigestScheduler(ctx, options.schedule ?? { weekday: 1, hour: 9 })],
    routers: [createSubscriptionsRouter(ctx, { requireAdmin: deps.requireAdmin, signUpRateLimit })],
    commands: {
      signUp: (input) => signUp(ctx, signUpSchema.parse(input)),
      confirm: (token) => confirmSubscription(ctx, token),
    },
    runDigestBatch: () => runDigestBatch(ctx),
    erasePerson: (subject) => erasePerson(ctx, subject),
    async close() {
      await ctx.mailer.close();
    },
  };
}
