/**
 * Mails the confirmation link of each sign-up (double opt-in) from the `SubscriberSignedUp` message, in the
 * worker. Running it from the log rather than inside the HTTP request means a crash after the sign-up commits
 * still gets the e-mail out.
 *
 * It is a side-effect consumer (`sideEffects: true`), never a read model: `npm run reindex` and the runner's
 * rebuild leave it alone. Delivery is still at-least-once, and a group reset by hand would replay it, so each
 * mail is claimed per message with `doOnce` (`effect_claims`, unique key): a redelivered or replayed sign-up
 * finds its claim and sends nothing. A mail that fails releases the claim and is retried by the bus; only a
 * crash between the claim and the end of sending can lose one (the claim row shows it, `done_at` null).
 *
 * Anyone can type anyone's address into the form, so the mail is built to be harmless to a stranger: it goes
 * through the site's per-mailbox cap (shared with the other modules' public-form mail, `MailboxCap`), so only a
 * few reach one inbox a day however many sign-ups or spellings of the address there are, and it carries no text
 * the requester typed (no name, no city), only our own words and the link.
 */
import { ConcurrencyError, doOnce, type Delivered, type Projector } from '@evently/platform';
import { SUBSCRIBERS_TOPIC, subscriberMessageTypes, subscriberSignedUpSchema } from '../contracts/messages.ts';
import { renderConfirmation } from '../domain/confirmation-content.ts';
import { isExpired } from '../domain/sign-up-request.ts';
import { confirmUrl } from '../domain/subscriber.ts';
import { subscribersCollection, signUpRequestsCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

/** The claim key of one confirmation: one mail per sign-up message, whatever replays it. */
export function confirmationClaimKey(message: Pick<Delivered, 'id'>): string {
  return `subscriptions.confirmation:${message.id}`;
}

async function mailConfirmation(ctx: SubscriptionsContext, message: Delivered): Promise<void> {
  const data = subscriberSignedUpSchema.parse(message.data);
  // Messages from before double opt-in carry no request: there is no link to send.
  if (!data.request_id) return;
  const request = await signUpRequestsCollection.get(ctx.store, data.request_id);
  if (!request || request.confirmed_at || isExpired(request, ctx.clock.now())) return;
  const subscriber = await subscribersCollection.get(ctx.store, request.subscriber_id);
  if (!subscriber) return;
  let sent = false;
  await doOnce(ctx.store, confirmationClaimKey(message), async () => {
    // Counted inside the claim, so a replay that finds the claim never uses up the recipient's allowance.
    const content = renderConfirmation({
      appName: ctx.appName,
      publicUrl: ctx.publicUrl,
      confirmUrl: confirmUrl(ctx.publicUrl, request.token),
    });
    const outcome = await ctx.mailboxCap.send(ctx.mailer, { to: subscriber.email, ...content });
    if (outcome.status === 'capped') {
      ctx.logger.warn(
        { subscriber_id: subscriber.id },
        'confirmation mail not sent: this mailbox has had its mail for today',
      );
      return;
    }
    sent = true;
  });
  if (sent) await recordMailed(ctx, request.id);
}

/** Bookkeeping on the request only (the subscriber stays untouched until confirmed); retried on a conflict. */
async function recordMailed(ctx: SubscriptionsContext, id: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await signUpRequestsCollection.get(ctx.store, id);
    if (!current) return;
    try {
      await ctx.store.transaction((tx) =>
        signUpRequestsCollection.update(tx, current.id, current.version, {
          mailed_at: ctx.clock.now().toISOString(),
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
    sideEffects: true,
    async apply(batch) {
      for (const message of batch) {
        if (message.type === subscriberMessageTypes.signedUp) await mailConfirmation(ctx, message);
      }
    },
  };
}
