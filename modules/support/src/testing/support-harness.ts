/**
 * The support module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with its mail
 * consumers running and mail going to the given SMTP server: what the integration specs drive.
 */
import { harnessPerTest, startModuleHarness, type HarnessPerTest, type ModuleHarness } from '@evently/testkit';
import { SUPPORT_TICKETS_TOPIC, createSupportModule, type SupportModule, type SupportOptions } from '../index.ts';

export { HARNESS_ADMIN_PASSWORD as ADMIN_PASSWORD, HARNESS_PUBLIC_URL as PUBLIC_URL } from '@evently/testkit';
export const SUPPORT_INBOX = 'team@evently.test';

export type SupportHarness = ModuleHarness<SupportModule>;

const unlimited = { limit: 10_000, windowMs: 60_000 };

export async function startSupportHarness(
  smtpUrl: string,
  options: Partial<SupportOptions> = {},
): Promise<SupportHarness> {
  return startModuleHarness({
    name: 'evently-support-',
    topic: SUPPORT_TICKETS_TOPIC,
    create: (deps) =>
      createSupportModule(deps, {
        appName: 'Evently',
        smtpUrl,
        supportInbox: SUPPORT_INBOX,
        createLimit: unlimited,
        lookupLimit: unlimited,
        ...options,
      }),
  });
}

/**
 * A support harness per test on one SMTP sink per file, for the integration specs:
 * `let h: SupportHarness; const support = supportHarnessPerTest((started) => { h = started; });`
 */
export function supportHarnessPerTest(
  onStart: (harness: SupportHarness) => void,
  options: Partial<SupportOptions> = {},
): HarnessPerTest<SupportHarness, Partial<SupportOptions>> {
  return harnessPerTest(startSupportHarness, onStart, options);
}
