/**
 * The partnerships module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with its mail
 * consumers running and mail going to the given SMTP server: what the integration specs drive.
 */
import { harnessPerTest, startModuleHarness, type HarnessPerTest, type ModuleHarness } from '@evently/testkit';
import {
  PARTNERSHIPS_TOPIC,
  createPartnershipsModule,
  type PartnershipsModule,
  type PartnershipsOptions,
} from '../index.ts';

export { HARNESS_ADMIN_PASSWORD as ADMIN_PASSWORD, HARNESS_PUBLIC_URL as PUBLIC_URL } from '@evently/testkit';
export const PARTNERS_INBOX = 'partners@evently.test';

export type PartnershipsHarness = ModuleHarness<PartnershipsModule>;

const unlimited = { limit: 10_000, windowMs: 60_000 };

export async function startPartnershipsHarness(
  smtpUrl: string,
  options: Partial<PartnershipsOptions> = {},
): Promise<PartnershipsHarness> {
  return startModuleHarness({
    name: 'evently-partnerships-',
    topic: PARTNERSHIPS_TOPIC,
    create: (deps) =>
      createPartnershipsModule(deps, {
        appName: 'Evently',
        smtpUrl,
        partnersInbox: PARTNERS_INBOX,
        submitLimit: unlimited,
        ...options,
      }),
  });
}

/**
 * A partnerships harness per test on one SMTP sink per file, for the integration specs:
 * `let h: PartnershipsHarness; const partnerships = partnershipsHarnessPerTest((started) => { h = started; });`
 */
export function partnershipsHarnessPerTest(
  onStart: (harness: PartnershipsHarness) => void,
  options: Partial<PartnershipsOptions> = {},
): HarnessPerTest<PartnershipsHarness, Partial<PartnershipsOptions>> {
  return harnessPerTest(startPartnershipsHarness, onStart, options);
}
