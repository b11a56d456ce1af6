/**
 * The Reply-To of every mail about a ticket: `reply+<number>.<signature>@<reply domain>`, unique to the ticket
 * and signed with an HMAC of the number under a server secret, so a reply can be trusted to belong to that
 * ticket (numbers are sequential; without the signature anyone could write into anyone's ticket). Lower case
 * throughout: some mail servers fold the local part.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReplyAddressSettings {
  /** SUPPORT_REPLY_SECRET: at least 32 characters, from the environment. */
  secret: string;
  /** SUPPORT_REPLY_DOMAIN: the domain whose MX points at the inbound listener, e.g. `reply.evently.example`. */
  domain: string;
}

const SIGNATURE_LENGTH = 24;

const signatureOf = (secret: string, ticketNumber: string) =>
  createHmac('sha256', secret)
    .update(`ticket-reply:${ticketNumber.toLowerCase()}`)
    .digest('hex')
    .slice(0, SIGNATURE_LENGTH);

export function replyAddress(settings: ReplyAddressSettings, ticketNumber: string): string {
  const number = ticketNumber.toLowerCase();
  return `reply+${number}.${signatureOf(settings.secret, number)}@${settings.domain.toLowerCase()}`;
}

/** The ticket number a recipient address stands for, or null when it is not one of ours or its signature is wrong. */
export function ticketOfReplyAddress(settings: ReplyAddressSettings, address: string): string | null {
  const match = /^reply\+(tt-\d{4}-\d{4,})\.([0-9a-f]+)@(.+)$/.exec(address.trim().toLowerCase());
  if (!match || match[3] !== settings.domain.toLowerCase()) return null;
  const [, number, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(signatureOf(settings.secret, number));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return number.toUpperCase();
}

/** The Message-ID every mail of a ticket refers to, so mail clients keep its conversation in one thread. */
export function ticketThreadId(ticketId: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<support-ticket-${ticketId}@${host}>`;
}
