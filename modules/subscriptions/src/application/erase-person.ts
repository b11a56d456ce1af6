/**
 * Erasure: every subscription of the address (one per city) goes, with its sign-up requests (they hold the name
 * asked for) and its digest claims, in one transaction per subscriber that also publishes `SubscriberDeleted`.
 * A confirmation mail still waiting in the log then finds no request and sends nothing.
 */
import type { ErasureSubject, ModuleErasure, Stored } from '@evently/platform';
import { SUBSCRIBERS_TOPIC, subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import { normaliseKey, type Subscriber } from '../domain/subscriber.ts';
import { subscribersCollection, digestSendsCollection, signUpRequestsCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';

interface Removed {
  subscriber: Stored<Subscriber>;
  requestNames: Array<string | null>;
  digestSends: number;
}

async function removeSubscriber(ctx: SubscriptionsContext, id: string): Promise<Removed | null> {
  return ctx.store.transaction(async (tx) => {
    const subscriber = await subscribersCollection.get(tx, id);
    if (!subscriber) return null;
    const requests = await signUpRequestsCollection.find(tx, { where: { subscriber_id: id } });
    for (const request of requests) await signUpRequestsCollection.delete(tx, request.id);
    const sends = await digestSendsCollection.find(tx, { where: { subscriber_id: id } });
    for (const send of sends) await digestSendsCollection.delete(tx, send.id);
    await subscribersCollection.delete(tx, id, subscriber.version);
    await tx.appendOutbox([
      subscriberMessage(
        subscriberMessageTypes.deleted,
        id,
        subscriber.version + 1,
        { subscriber_id: id },
        ctx.clock.now(),
      ),
    ]);
    return { subscriber, requestNames: requests.map((request) => request.name), digestSends: sends.length };
  });
}

export async function erasePerson(ctx: SubscriptionsContext, subject: ErasureSubject): Promise<ModuleErasure> {
  const subscribers = await subscribersCollection.find(ctx.store, {
    where: { email_key: normaliseKey(subject.email) },
  });
  const removed: Removed[] = [];
  for (const subscriber of subscribers) {
    const done = await removeSubscriber(ctx, subscriber.id);
    if (done) removed.push(done);
  }
  return {
    module: 'subscriptions',
    removed: {
      subscribers: removed.length,
      sign_up_requests: removed.reduce((sum, entry) => sum + entry.requestNames.length, 0),
      digest_sends: removed.reduce((sum, entry) => sum + entry.digestSends, 0),
    },
    aggregates: removed.map((entry) => ({ topic: SUBSCRIBERS_TOPIC, key: entry.subscriber.id })),
    contacts: removed.map((entry) => entry.subscriber.email),
    names: removed.flatMap((entry) => [entry.subscriber.name ?? '', ...entry.requestNames.map((name) => name ?? '')]),
  };
}
