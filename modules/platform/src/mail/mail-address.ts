/**
 * The server's side of addresses (the plain addr-spec check itself is `contracts/mail-address.ts`, shared with
 * the browser). Caps count per mailbox (`mailboxKey`): lower-cased, with a `+tag` removed, since those all
 * reach one inbox.
 */
import { z } from 'zod';
import { asciiDomain, isMailAddress, parseMailAddress, type MailAddress } from '../contracts/mail-address.ts';

/**
 * The mailbox an address reaches, for counting: `Ana+news@Example.ORG` and `ana@example.org` are one inbox.
 * Only for valid addresses; the domain is compared in its ASCII (punycode) form.
 */
export function mailboxKey(address: MailAddress | string): string {
  const parsed = typeof address === 'string' ? parseMailAddress(address) : address;
  if (!parsed) throw new Error('mailboxKey needs a valid address');
  const local = parsed.local.normalize('NFC').toLowerCase();
  const untagged = local.split('+')[0] || local;
  return `${untagged}@${(asciiDomain(parsed.domain) ?? parsed.domain).toLowerCase()}`;
}

/** An operator's inbox setting (SUPPORT_INBOX, PARTNERS_INBOX): optional, but a plain address when given. */
export const inboxSetting = z
  .string()
  .trim()
  .refine(isMailAddress, 'must be a plain e-mail address such as team@example.com')
  .optional();
