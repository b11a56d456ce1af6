/** Storage layout of the partnerships module on the DocumentStore port: typed handles that decode on read. */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { PARTNERSHIP_TYPES, REQUEST_STATUSES, type PartnershipRequest } from '../domain/partnership-request.ts';

const text = z.string().nullable();

export const partnershipRequests = defineCollection<PartnershipRequest>({
  name: 'partnership_requests',
  // Two racing submits of one form collide here even where transactions are not serialised (MongoDB).
  unique: [['duplicate_key']],
  indexes: [['created_at'], ['status', 'created_at'], ['fingerprint', 'created_at']],
  schema: z.object({
    company: z.string(),
    contact_name: z.string(),
    email: z.string(),
    phone: text,
    website: text,
    partnership_type: z.enum(PARTNERSHIP_TYPES),
    message: text,
    status: z.enum(REQUEST_STATUSES),
    handled_at: text,
    duplicate_key: z.string(),
    fingerprint: z.string(),
  }),
});

/** The collection's name, for readers that take one (erasure, specs). */
export const PARTNERSHIP_REQUESTS = partnershipRequests.name;

export const partnershipCollections = [partnershipRequests.spec];
