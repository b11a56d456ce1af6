/**
 * The partnerships module's only public door: the partnership form call, the admin calls of the Partnerships
 * tab and the two mails per request. See ../CONTEXT.md for its vocabulary.
 */
export { createPartnershipsModule, type PartnershipsModule, type PartnershipsOptions } from './partnerships-module.ts';
export { PARTNERSHIP_TYPE_LABELS } from './domain/partnership-request.ts';
export { DUPLICATE_WINDOW_MS } from './domain/duplicate-key.ts';
export { HONEYPOT_FIELD } from './contracts/submit-request.ts';
export {
  PARTNERSHIPS_TOPIC,
  partnershipMessageTypes,
  partnershipRequestDeletedSchema,
  partnershipRequestReceivedSchema,
  partnershipRequestStatusChangedSchema,
} from './contracts/messages.ts';
export { REQUEST_NOT_FOUND_MESSAGE, REQUEST_RECEIVED_MESSAGE } from './http/partnerships.router.ts';
export { ACK_MAILER_NAME, TEAM_MAILER_NAME } from './application/mail/request-mailers.ts';
export { partnershipsOptionsFromEnv, type PartnershipsEnvOptions } from './partnerships-options.ts';

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export { submitRequestSchema as partnershipSubmitSchema } from './contracts/submit-request.ts';
export {
  adminListQuerySchema as partnershipAdminListQuerySchema,
  statusUpdateSchema as partnershipStatusUpdateSchema,
} from './contracts/admin.ts';

// The calls' answers and the words they use; also `@evently/partnerships/contracts`, which the browser may take.
export * from './contracts/index.ts';
