/**
 * The subscriptions module's only public door: weekly-digest sign-up, confirmation, unsubscribe, the digest
 * itself and the admin calls. See ../CONTEXT.md for its vocabulary.
 */
export {
  createSubscriptionsModule,
  type SubscriptionsModule,
  type SubscriptionsOptions,
} from './subscriptions-module.ts';
export type { EventsCatalogue, DigestEvent } from './domain/digest-event.ts';
export type { DigestSchedule } from './application/digest-scheduler.ts';
export { DEFAULT_RADIUS_KM } from './domain/subscriber.ts';
export { SUBSCRIBERS_TOPIC } from './contracts/messages.ts';
export { INVALID_EMAIL_MESSAGE, PLACE_REQUIRED_MESSAGE } from './contracts/sign-up-messages.ts';
export { SIGN_UP_SUCCESS_MESSAGE } from './http/subscriptions.router.ts';
export { subscriptionsOptionsFromEnv, type SubscriptionsEnvOptions } from './subscriptions-options.ts';

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export {
  signUpSchema as subscriptionSignUpSchema,
  savedSearchEditSchema as subscriptionSavedSearchEditSchema,
} from './contracts/sign-up.ts';
export {
  adminListQuerySchema as subscriberAdminListQuerySchema,
  adminPatchSchema as subscriberAdminPatchSchema,
  mailLinkTokenSchema as subscriptionMailLinkTokenSchema,
  subscriberIdSchema,
} from './contracts/admin.ts';

// The calls' answers; also `@evently/subscriptions/contracts`, which the browser may take.
export * from './contracts/index.ts';
