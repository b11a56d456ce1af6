/**
 * Sends the sign-up confirmation from the `SubscriberSignedUp` message, in the worker. Running it from the
 * log rather than inside the HTTP request means a crash after the sign-up commits still gets the e-mail out.
 *
 * Delivery is at-least-once like every consumer here: the message id of the sign-up it confirmed is stored on
 * the subscriber, so a redelivered message is recognised and not mailed again; only a crash between handing
 * the mail to the server and recording it can repeat a confirmation, which is harmless.
 */
import { ConcurrencyError, type Delivered, type Projector } from '@evently/platform';
import { SUBSCRIBERS_TOPIC, subscriberMessageTypes, subscriberSignedUpSchema } from '../contracts/messages.ts';
import { renderConfirmation } from '../domain/digest-content.ts';
import { unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';
import { SUBSCRIBERS } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

type ConfirmedSubscriber = Subscriber & { confirmation_message_id?: string | null };

async function confirm(ctx: SubscriptionsContext, message: Delivered): Promise<void> {
  const data = subscriberSignedUpSchema.parse(message.data);
  const subscriber = await ctx.store.get<ConfirmedSubscriber>(SUBSCRIBERS, data.subscriber_id);
  if (!subscriber || !subscriber.is_active || subscriber.confirmation_message_id === message.id) return;
  const link = unsubscribeUrl(ctx.publicUrl, subscriber.unsubscribe_token);
  const content = renderConfirmation({
    appName: ctx.appName,
    publicUrl: ctx.publicUrl,
    recipientName: subscriber.name,
    city: subscriber.city,
    country: subscriber.country,
    radiusKm: subscriber.radius_km,
    unsubscribeUrl: link,
  });
  await ctx.mailer.send({
    to: subscriber.email,
    ...content,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  // Bookkeeping only (no message): retry on a concurrent edit so the mark is not lost.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await ctx.store.get<ConfirmedSubscriber>(SUBSCRIBERS, subscriber.id);
    if (!current) return;
    try {
      await ctx.store.transaction((tx) =>
        tx.update<ConfirmedSubscriber>(SUBSCRIBERS, current.id, current.version, {
          confirmation_message_id: message.id,
          confirmation_sent_at: ctx.clock.now().toISOString(),
        }),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt === 4) throw error;
    }
  }
}

export function createConfirmationMailer(ctx: SubscriptionsContext): Projector {
  return {
    name: 'subscriptions.confirmation-mailer',
    topics: [SUBSCRIBERS_TOPIC],
    async apply(batch) {
      for (const message of batch) {
        if (message.type === subscriberMessageTypes.signedUp) await confirm(ctx, message);
      }
    },
  };
}
