/**
 * Counts a module's mail in `evently_mails_sent_total` / `evently_mails_failed_total` by wrapping the
 * platform Mailer port, so no module changes to be measured: the composition hands each module a counted
 * mailer through its existing `mailer` option.
 */
import type { Mailer } from '@evently/platform';
import type { Metrics } from './metrics.ts';

export function countedMailer(
  mailer: Mailer,
  metrics: Pick<Metrics, 'mailsSent' | 'mailsFailed'>,
  name: string,
): Mailer {
  const labels = { mailer: name, transport: mailer.kind };
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        const sent = await mailer.send(message);
        metrics.mailsSent.inc(labels);
        return sent;
      } catch (error) {
        metrics.mailsFailed.inc(labels);
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
