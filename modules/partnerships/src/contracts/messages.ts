/**
 * Messages this module publishes on `evently.partnerships`, keyed by request id, with the request's version as
 * `aggregate_version`. Like the support tickets' messages they carry ids and states only: the log is copied to
 * every consumer, so names, addresses and the message stay in the request document, and a consumer that needs
 * them (the mailers) reads the document.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import { PARTNERSHIP_TYPES, REQUEST_STATUSES } from './vocabulary.ts';

export const PARTNERSHIPS_TOPIC = 'evently.partnerships';

export const partnershipMessageTypes = {
  received: 'PartnershipRequestReceived',
  statusChanged: 'PartnershipRequestStatusChanged',
  deleted: 'PartnershipRequestDeleted',
} as const;

const ref = { request_id: z.string().min(1) };

export const partnershipRequestReceivedSchema = z.object({ ...ref, partnership_type: z.enum(PARTNERSHIP_TYPES) });
export const partnershipRequestStatusChangedSchema = z.object({
  ...ref,
  from: z.enum(REQUEST_STATUSES),
  to: z.enum(REQUEST_STATUSES),
});
export const partnershipRequestDeletedSchema = z.object(ref);

export type PartnershipRequestReceived = z.infer<typeof partnershipRequestReceivedSchema>;
export type PartnershipRequestStatusChanged = z.infer<typeof partnershipRequestStatusChangedSchema>;
export type PartnershipRequestDeleted = z.infer<typeof partnershipRequestDeletedSchema>;

export const partnershipMessageSchemas = {
  [partnershipMessageTypes.received]: partnershipRequestReceivedSchema,
  [partnershipMessageTypes.statusChanged]: partnershipRequestStatusChangedSchema,
  [partnershipMessageTypes.deleted]: partnershipRequestDeletedSchema,
} as const;

/** Builds this module's outbox records, each validated against its type's schema. */
export const partnershipMessage = defineMessages(PARTNERSHIPS_TOPIC, partnershipMessageSchemas);
