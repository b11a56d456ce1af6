/**
 * An administrator marks a request handled (or back to new). Setting the status it already has changes
 * nothing and publishes nothing. A concurrent change is retried on the fresh version.
 */
import { withVersionRetry, type Stored } from '@evently/platform';
import { partnershipMessageTypes, partnershipMessage } from '../../../contracts/messages.ts';
import type { PartnershipRequest, RequestStatus } from '../../../domain/partnership-request.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';

const ATTEMPTS = 3;

export async function setRequestStatus(
  ctx: PartnershipsContext,
  id: string,
  status: RequestStatus,
): Promise<Stored<PartnershipRequest> | null> {
  return withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        const current = await partnershipRequests.get(tx, id);
        if (!current || current.status === status) return current;
        const now = ctx.clock.now();
        const updated = await partnershipRequests.update(tx, id, current.version, {
          status,
          handled_at: status === 'handled' ? now.toISOString() : null,
        });
        await tx.appendOutbox([
          partnershipMessage(
            partnershipMessageTypes.statusChanged,
            id,
            updated.version,
            { request_id: id, from: current.status, to: status },
            now,
          ),
        ]);
        return updated;
      }),
    { attempts: ATTEMPTS },
  );
}
