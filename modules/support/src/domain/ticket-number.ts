/**
 * Ticket numbers `TT-<year>-<sequence>`: the sequence restarts each year and is padded to at least four digits
 * (TT-2026-0001 ... TT-2026-9999, then TT-2026-10000). The sequence itself comes from a store counter taken in
 * the creating transaction; this file only formats and recognises numbers.
 */
import { TICKET_NUMBER_PATTERN } from '../contracts/vocabulary.ts';

export function formatTicketNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1)
    throw new RangeError(`ticket sequence must be a positive integer, got ${sequence}`);
  return `TT-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The counter a year's sequence is drawn from. */
export const ticketCounterName = (year: number) => `support-ticket-${year}`;

/** Canonical form of what a visitor typed (`tt-2026-0007 ` → `TT-2026-0007`), or null when it cannot be a number. */
export function normaliseTicketNumber(input: string): string | null {
  const candidate = input.trim().toUpperCase();
  return candidate.length <= 40 && TICKET_NUMBER_PATTERN.test(candidate) ? candidate : null;
}
