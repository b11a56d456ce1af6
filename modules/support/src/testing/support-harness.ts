/**
 * The support module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with its mail
 * consumers running and mail going to the given SMTP server: what the integration specs drive.
 */
import { mailingModuleHarness, UNLIMITED_RATE, type ModuleHarness } from '@evently/testkit';
import { SUPPORT_TICKETS_TOPIC, createSupportModule, type SupportModule, type SupportOptions } from '../index.ts';

export { HARNESS_ADMIN_PASSWORD as ADMIN_PASSWORD, HARNESS_PUBLIC_URL as PUBLIC_URL } from '@evently/testkit';
export const SUPPORT_INBOX = 'team@evently.test';

export type SupportHarness = ModuleHarness<SupportModule>;

/**
 * A support harness per test on one SMTP sink per file, for the integration specs:
 * `let h: SupportHarness; const support = supportHarnessPerTest((started) => { h = started; });`
 */
export const supportHarnessPerTest = mailingModuleHarness({
  topic: SUPPORT_TICKETS_TOPIC,
  create: (deps, mail, options: Partial<SupportOptions> = {}) =>
    createSupportModule(deps, {
      ...mail,
      supportInbox: SUPPORT_INBOX,
      createLimit: UNLIMITED_RATE,
      lookupLimit: UNLIMITED_RATE,
      ...options,
    }),
}).perTest;
