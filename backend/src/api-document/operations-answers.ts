/**
 * The answers of the backend's own calls (health, readiness, erasures, this document), as the API document
 * describes them and the handlers are typed by. No client imports them, so they live with the backend.
 */
import { z } from 'zod';

export const livenessSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'unavailable'])).describe('Each dependency by name'),
  error: z.string().optional().describe('Names the unavailable dependencies'),
});

export const erasureAnswerSchema = z.object({
  erasure_id: z.string(),
  removed: z.record(z.string(), z.record(z.string(), z.number())).describe('Documents removed, per module and kind'),
  log: z.object({
    redactedRecords: z.number(),
    tombstones: z.number(),
    redactedDeadLetters: z.number(),
    compacted: z.boolean(),
  }),
  mail_files: z.number().describe('.eml files removed from the mail folder'),
  search_pending: z.number().describe('Messages the search projectors had not applied when the wait ended'),
});

export const apiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.object({}) })
  .loose();

export type Liveness = z.infer<typeof livenessSchema>;
export type Readiness = z.infer<typeof readinessSchema>;
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;
