/**
 * The mailer a business module sends with: opened on the composition's mail adapter (`openMailer`) from the
 * SMTP setting (or the outbox folder without one) and the module's own sender, and handed to the
 * composition's `observeMailer` hook (the backend counts sent and failed mail per module there), so the root
 * never has to know a module's sender.
 */
import type { ModuleDeps } from '../module.ts';
import type { Mailer } from './mailer.port.ts';

export interface ModuleMailerOptions {
  /** The module's name in logs and metrics, e.g. `support`. */
  name: string;
  smtpUrl: string | undefined;
  /** `MAIL_FROM` when set; otherwise the module's no-reply sender. */
  from: string;
}

/** `Evently Support <no-reply@evently.example>`: the default sender, on the public site's host. */
export function noReplySender(appName: string, publicUrl: string, label?: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `${label ? `${appName} ${label}` : appName} <no-reply@${host}>`;
}

export function createModuleMailer(
  deps: Pick<ModuleDeps, 'dataDir' | 'logger' | 'openMailer' | 'observeMailer'>,
  options: ModuleMailerOptions,
): Mailer {
  const mailer = deps.openMailer({
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    dataDir: deps.dataDir,
    from: options.from,
    logger: deps.logger.child({ component: 'mailer', mailer: options.name }),
  });
  return deps.observeMailer ? deps.observeMailer(options.name, mailer) : mailer;
}
