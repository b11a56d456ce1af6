/**
 * The hooks a mail-sending module's integration spec needs: one SMTP sink for the whole file, emptied and
 * accepting again before each test, and a fresh module harness on it for each test, closed after it. The spec
 * keeps its harness in a variable of its own through `onStart`, so its tests read `h.url` as before.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';

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
