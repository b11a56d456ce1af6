/** Notes each support mail on its ticket's timeline: sent, or failed with the reason (never the address). */
import { SYSTEM_ACTOR } from '../../domain/activity.ts';
import { recordActivity } from '../activity/ticket-activity.ts';
import type { SupportMailContext } from './mail-context.ts';

export async function sendNoted(
  ctx: SupportMailContext,
  ref: { ticketId: string; kind: string; messageIndex?: number | null },
  send: () => Promise<unknown>,
): Promise<void> {
  const note = (kind: 'mail_sent' | 'mail_failed', detail: string) =>
    ctx.store
      .transaction((tx) =>
        recordActivity(tx, {
          ticket_id: ref.ticketId,
          kind,
          actor: SYSTEM_ACTOR,
          at: ctx.clock.now().toISOString(),
          message_index: ref.messageIndex ?? null,
          detail,
        }),
      )
      // The timeline is a courtesy; a mail that went out is not retried because its note could not be written.
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, ticket_id: ref.ticketId }, 'support mail activity not recorded'),
      );
  try {
    await send();
  } catch (error) {
    // SMTP answers often quote the recipient; the timeline keeps the reason, never the address.
    const reason =
      error instanceof Error
        ? error.message.replace(/<?[^\s<>]+@[^\s<>]+>?/g, '<address>').slice(0, 200)
        : 'send failed';
    await note('mail_failed', `${ref.kind}: ${reason}`);
    throw error;
  }
  await note('mail_sent', ref.kind);
}
