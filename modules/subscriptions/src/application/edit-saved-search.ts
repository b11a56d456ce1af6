/**
 * The owner of a subscription changes its saved search through the mail's edit link. The link's token is
 * the one that already lets them unsubscribe from this search, so it grants no more than the mail did; the
 * change is the admin's edit applied to that subscriber (same checks, keys and message).
 */
import type { z } from 'zod';
import type { savedSearchEditSchema } from '../contracts/sign-up.ts';
import type { SubscriptionsContext } from './context.ts';
import { updateSubscriber } from './admin-subscribers.ts';
import { findByUnsubscribeToken } from './unsubscribe.ts';
import type { AdminSubscriberView } from '../contracts/subscriber-answers.ts';

export type SavedSearchEdit = z.infer<typeof savedSearchEditSchema>;

export async function editSavedSearch(
  ctx: SubscriptionsContext,
  token: string,
  edit: SavedSearchEdit,
): Promise<AdminSubscriberView | null> {
  const subscriber = await findByUnsubscribeToken(ctx, token);
  if (!subscriber) return null;
  return updateSubscriber(ctx, subscriber.id, edit);
}
