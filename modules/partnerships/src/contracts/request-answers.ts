/**
 * The partnership calls' answers: one zod schema each, from which the API document is generated, the
 * handlers are typed and the Partnerships tab takes its types.
 */
import { z } from 'zod';
import { PARTNERSHIP_TYPES, REQUEST_STATUSES } from './vocabulary.ts';

const timestamp = z.iso.datetime({ offset: true });

/** A request as the team sees it: everything the visitor sent, without the duplicate-check keys. */
export const adminRequestViewSchema = z.object({
  id: z.string(),
  company: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  partnership_type: z.enum(PARTNERSHIP_TYPES),
  message: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  handled_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int().positive(),
});

/** `POST /api/partnership-request`: the Thank You text, the same for a repeat (and a filled honeypot). */
export const requestReceivedAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** `GET /api/admin/partnership-requests`: one page, newest first. */
export const requestPageSchema = z.object({
  requests: z.array(adminRequestViewSchema),
  pagination: z.object({
    page: z.number().int().positive(),
    pages: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  }),
  new_count: z.number().int().nonnegative().describe('Requests still waiting for the team, whatever the filter'),
});

/** One request (read or after a status change). */
export const requestAnswerSchema = z.object({ request: adminRequestViewSchema });

export const requestDeletedAnswerSchema = z.object({ message: z.string() });

export type AdminRequestView = z.infer<typeof adminRequestViewSchema>;
export type RequestReceivedAnswer = z.infer<typeof requestReceivedAnswerSchema>;
export type RequestPage = z.infer<typeof requestPageSchema>;
export type RequestAnswer = z.infer<typeof requestAnswerSchema>;
export type RequestDeletedAnswer = z.infer<typeof requestDeletedAnswerSchema>;
