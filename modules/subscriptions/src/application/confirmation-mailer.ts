/**
 * Sends the sign-up confirmation from the `SubscriberSignedUp` message, in the worker. Running it from the
 * log rather than inside the HTTP request means a crash after the sign-up commits still gets the e-mail out.
 *
 * It is a side-effect consumer (`sideEffects: true`), never a read model: `npm run reindex` and the runner's
 * rebuild leave it alone. Delivery is still at-least-once, and a group reset by hand would replay it, so each
 * mail is claimed per message with `doOnce` (`effect_claims`, unique key): a redelivered or replayed sign-up
 * finds its claim and sends nothing. A mail that fails releases the claim and is retried by the bus; only a
 * crash between the claim and the end of sending can lose one (the claim row shows it, `done_at` null).
 */
import { ConcurrencyError, doOnce, type Delivered, type Projector } from '@evently/platform';
import { SUBSCRIBERS_TOPIC, subscriberMessageTypes, subscriberSignedUpSchema } from '../contracts/messages.ts';
import { renderConfirmation } from '../domain/digest-content.ts';
import { unsubscribeUrl, type Subscriber } from '../domain/subscriber.ts';
import { SUBSCRIBERS } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

/** The claim key of one confirmation: one mail per sign-up message, whatever replays it. */
export function confirmationClaimKey(message: Pick<Delivered, 'id'>): string {
  return `subscriptions.confirmation:${message.id}`;
}

async function confirm(ctx: SubscriptionsContext, message: Delivered): Promise<void> {
  const data = subscriberSignedUpSchema.parse(message.data);
  const subscriber = await ctx.store.get<Subscriber>(SUBSCRIBERS, data.subscriber_id);
  if (!subscriber || !subscriber.is_active) return;
  const outcome = await doOnce(ctx.store, confirmationClaimKey(message), async () => {
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
  });
  if (outcome === 'done') await recordSent(ctx, subscriber.id);
}

/**
 * Records when the confirmation went out, on the subscriber. Bookkeeping only (no message), so a concurrent
 * edit is retried rather than lost; it runs after the claim, so even a failure here never mails twice.
 */
async function recordSent(ctx: SubscriptionsContext, id: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await ctx.store.get<Subscriber>(SUBSCRIBERS, id);
    if (!current) return;
    try {
      await ctx.store.transaction((tx) =>
        tx.update<Subscriber>(SUBSCRIBERS, current.id, current.version, { confirmation_sent_at: ctx.clock.now().toISOString() }),
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
    sideEffects: true,
    async apply(batch) {
      for (const message of batch) {
        if (message.type === subscriberMessageTypes.signedUp) await confirm(ctx, message);
      }
    },
  };
}
