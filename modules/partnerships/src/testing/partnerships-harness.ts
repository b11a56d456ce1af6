/**
 * The partnerships module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with its mail
 * consumers running and mail going to the given SMTP server: what the integration specs drive.
 */
import { mailingModuleHarness, UNLIMITED_RATE, type ModuleHarness } from '@evently/testkit';
import {
  PARTNERSHIPS_TOPIC,
  createPartnershipsModule,
  type PartnershipsModule,
  type PartnershipsOptions,
} from '../index.ts';

export { HARNESS_ADMIN_PASSWORD as ADMIN_PASSWORD, HARNESS_PUBLIC_URL as PUBLIC_URL } from '@evently/testkit';
export const PARTNERS_INBOX = 'partners@evently.test';

export type PartnershipsHarness = ModuleHarness<PartnershipsModule>;

/**
 * A partnerships harness per test on one SMTP sink per file, for the integration specs:
 * `let h: PartnershipsHarness; const partnerships = partnershipsHarnessPerTest((started) => { h = started; });`
 */
export const partnershipsHarnessPerTest = mailingModuleHarness({
  topic: PARTNERSHIPS_TOPIC,
  create: (deps, mail, options: Partial<PartnershipsOptions> = {}) =>
    createPartnershipsModule(deps, {
      ...mail,
      partnersInbox: PARTNERS_INBOX,
      submitLimit: UNLIMITED_RATE,
      ...options,
    }),
}).perTest;
