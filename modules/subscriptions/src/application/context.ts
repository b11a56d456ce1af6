/** What the application services of this module share. */
import type { Clock, DocumentStore, MailboxCap, Mailer } from '@evently/platform';
import type { Logger } from 'pino';
import type { EventsCatalogue } from '../domain/digest-event.ts';

export interface SubscriptionsContext {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  catalogue: EventsCatalogue;
  appName: string;
  publicUrl: string;
  /** The site's allowance of mail per recipient mailbox, which confirmation mails go through. */
  mailboxCap: MailboxCap;
  /** Subscribers the digest batch claims, mails and records together (`run-digest-batch.ts`); 100 unless set. */
  digestPageSize?: number;
}
