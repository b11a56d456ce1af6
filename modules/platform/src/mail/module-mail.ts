/**
 * How a module that sends mail is wired from its ports, written once: the mail settings it takes, its mailer
 * (the one given, else built from `SMTP_URL` with the module's own sender) beside the site's shared mailbox
 * cap, and the context its application services start from.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.ts';
import type { ModuleDeps } from '../module.ts';
import type { DocumentStore } from '../store/document-store.port.ts';
import type { MailboxCap, Mailer } from './mailer.port.ts';
import { mailboxCapFor } from './mailbox-cap.ts';
import { createModuleMailer, noReplySender } from './module-mailer.ts';

/** The mail settings of a module's options. */
export interface ModuleMailOptions {
  appName: string;
  /** `SMTP_URL`; without it mail is written as `.eml` files under `DATA_DIR/mail/`. */
  smtpUrl?: string;
  /** `MAIL_FROM`; without it the module's no-reply sender. */
  mailFrom?: string;
  /** Overrides the mailer built from `smtpUrl` (tests). */
  mailer?: Mailer;
}

/** What a module's application services share: its store, clock and logger, and the site's name and address. */
export interface ModuleBasics {
  store: DocumentStore;
  clock: Clock;
  logger: Logger;
  appName: string;
  publicUrl: string;
}

export interface ModuleMail {
  mailer: Mailer;
  /** The site's allowance of mail per recipient mailbox, which mail anyone can cause goes through. */
  mailboxCap: MailboxCap;
}

export function moduleBasics(deps: ModuleDeps, name: string, appName: string): ModuleBasics {
  return {
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger.child({ module: name }),
    appName,
    publicUrl: deps.publicUrl,
  };
}

/**
 * `name` labels the mailer in logs and metrics; `senderLabel` names the default sender
 * (`Evently Support <no-reply@…>`), the site's name alone without it.
 */
export function moduleMail(
  deps: ModuleDeps,
  module: { name: string; senderLabel?: string },
  options: ModuleMailOptions,
): ModuleMail {
  const mailer =
    options.mailer ??
    createModuleMailer(deps, {
      name: module.name,
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? noReplySender(options.appName, deps.publicUrl, module.senderLabel),
    });
  return { mailer, mailboxCap: mailboxCapFor(deps) };
}
