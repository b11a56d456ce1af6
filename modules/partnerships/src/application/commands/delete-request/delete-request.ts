/** An administrator deletes a request for good (spam, or handled and no longer worth keeping). */
import { partnershipMessageTypes, partnershipMessage } from '../../../contracts/messages.ts';
import type { PartnershipRequest } from '../../../domain/partnership-request.ts';
import { PARTNERSHIP_REQUESTS } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';

export async function deleteRequest(ctx: PartnershipsContext, id: string): Promise<boolean> {
  return ctx.store.transaction(async (tx) => {
    const current = await tx.get<PartnershipRequest>(PARTNERSHIP_REQUESTS, id);
    if (!current) return false;
    await tx.delete(PARTNERSHIP_REQUESTS, id);
    await tx.appendOutbox([
      partnershipMessage(partnershipMessageTypes.deleted, id, current.version + 1, { request_id: id }, ctx.clock.now()),
    ]);
    return true;
  });
}
