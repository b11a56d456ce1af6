/** An administrator deletes a request for good (spam, or handled and no longer worth keeping). */
import { partnershipMessageTypes, partnershipMessage } from '../../../contracts/messages.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';

export async function deleteRequest(ctx: PartnershipsContext, id: string): Promise<boolean> {
  return ctx.store.transaction(async (tx) => {
    const current = await partnershipRequests.get(tx, id);
    if (!current) return false;
    await partnershipRequests.delete(tx, id);
    await tx.appendOutbox([
      partnershipMessage(partnershipMessageTypes.deleted, id, current.version + 1, { request_id: id }, ctx.clock.now()),
    ]);
    return true;
  });
}
