/**
 * "A repeated submit of the same form within minutes is one request." Two submits are the same request when
 * the normalised e-mail, company and partnership type match and the second arrives within DUPLICATE_WINDOW_MS
 * of the first. The message and the optional fields are left out on purpose: a visitor who fixes a typo and
 * submits again still means one inquiry, and the first version is kept (decision 017).
 *
 * Two values come out of it: a `fingerprint` (window-free, looked up to find a recent twin) and a `key`
 * (fingerprint + time bucket, stored under a unique index, so two submits racing on a store without
 * serialised transactions still collide on the insert).
 */
import { createHash } from 'node:crypto';
import type { PartnershipRequestFields } from './partnership-request.ts';

export const DUPLICATE_WINDOW_MS = 10 * 60_000;

/** Case, accents' composed forms, inner runs of spaces and trailing dots do not make another company. */
export function normaliseText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
}

export function requestFingerprint(
  fields: Pick<PartnershipRequestFields, 'email' | 'company' | 'partnership_type'>,
): string {
  const parts = [normaliseText(fields.email), normaliseText(fields.company), fields.partnership_type];
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

export function duplicateKey(fingerprint: string, at: Date): string {
  return `${fingerprint}:${Math.floor(at.getTime() / DUPLICATE_WINDOW_MS)}`;
}

/** The earliest creation time that still counts as "the same form, submitted again". */
export function windowStart(at: Date): string {
  return new Date(at.getTime() - DUPLICATE_WINDOW_MS).toISOString();
}
