/** Finding a ticket by what callers hold: its number (what visitors and the panel use) or its id. */
import type { DocumentReader, Stored } from '@evently/platform';
import type { Ticket } from '../domain/ticket.ts';
import { normaliseTicketNumber } from '../domain/ticket-number.ts';
import { ticketsCollection } from '../infra/collections.ts';

export async function findByNumber(reader: DocumentReader, input: string): Promise<Stored<Ticket> | null> {
  const number = normaliseTicketNumber(input);
  return number ? ticketsCollection.findOne(reader, { ticket_number: number }) : null;
}

/** The delete call's path segment may be either; ids are UUIDs, numbers start with TT-. */
export async function findByIdOrNumber(reader: DocumentReader, ref: string): Promise<Stored<Ticket> | null> {
  if (normaliseTicketNumber(ref)) return findByNumber(reader, ref);
  return /^[A-Za-z0-9-]{1,64}$/.test(ref) ? ticketsCollection.get(reader, ref) : null;
}
