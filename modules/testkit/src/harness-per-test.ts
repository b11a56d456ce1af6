/**
 * The hooks a mail-sending module's integration spec needs: one SMTP sink for the whole file, emptied and
 * accepting again before each test, and a fresh module harness on it for each test, closed after it. The spec
 * keeps its harness in a variable of its own through `onStart`, so its tests read `h.url` as before.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AppModule, ModuleDeps } from '@evently/platform';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { startModuleHarness, type ModuleHarness } from './module-harness.ts';

/** A rate limit no spec reaches, for modules whose public forms are limited. */
export const UNLIMITED_RATE = { limit: 10_000, windowMs: 60_000 };

export interface HarnessPerTest<H, O> {
  /** The file's SMTP sink (set once `beforeAll` has run). */
  readonly smtp: SmtpSink;
  /** Closes this test's harness and starts one with other options, for a test about an option. */
  restart(options: O): Promise<H>;
}

export function harnessPerTest<H extends { close(): Promise<void> }, O>(
  start: (smtpUrl: string, options?: O) => Promise<H>,
  onStart: (harness: H) => void,
  options?: O,
): HarnessPerTest<H, O> {
  let smtp: SmtpSink | undefined;
  let current: H | undefined;
  const sink = () => {
    if (!smtp) throw new Error('the SMTP sink starts in beforeAll; use it inside a hook or a test');
    return smtp;
  };
  const startHarness = async (startOptions: O | undefined) => {
    current = await start(sink().url, startOptions);
    onStart(current);
    return current;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    const mail = sink();
    mail.messages.length = 0;
    mail.refused.length = 0;
    mail.recover();
    await startHarness(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  return {
    get smtp() {
      return sink();
    },
    async restart(changed) {
      await current?.close();
      return startHarness(changed);
    },
  };
}

export interface MailingModuleHarness<M extends AppModule, O> {
  /** One harness with the module's mail going to the SMTP server at `smtpUrl`. */
  start(smtpUrl: string, options?: O): Promise<ModuleHarness<M>>;
  /**
   * A harness per test on one SMTP sink per file:
   * `let h: SupportHarness; const support = supportHarness.perTest((started) => { h = started; });`
   */
  perTest(onStart: (harness: ModuleHarness<M>) => void, options?: O): HarnessPerTest<ModuleHarness<M>, O>;
}

/** What every mail-sending module is built with in specs: the product's name and the relay to send through. */
export interface HarnessMail {
  appName: string;
  smtpUrl: string;
}

/** A mail-sending module's harness: how the module is built with the harness's mail settings and the spec's options. */
export function mailingModuleHarness<M extends AppModule, O>(module: {
  /** The module's own topic, which `loggedMessages()` counts; the temporary data directory is named after it. */
  topic: string;
  create(deps: ModuleDeps, mail: HarnessMail, options: O | undefined): M;
}): MailingModuleHarness<M, O> {
  const start = (smtpUrl: string, options?: O) =>
    startModuleHarness({
      name: `${module.topic.replace(/[^\w-]+/g, '-')}-`,
      topic: module.topic,
      create: (deps) => module.create(deps, { appName: 'Evently', smtpUrl }, options),
    });
  return { start, perTest: (onStart, options) => harnessPerTest(start, onStart, options) };
}
