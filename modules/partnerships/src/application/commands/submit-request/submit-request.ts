/**
 * A visitor sends the partnership form. Inside one transaction: look for the same form sent within the
 * duplicate window (domain/duplicate-key.ts); if there is one, that request is the answer and nothing is
 * written; otherwise insert the request and queue `PartnershipRequestReceived`, from which the worker sends the
 * two mails. The unique `duplicate_key` catches two submits that race past the lookup on a store whose
 * transactions run side by side; the loser then answers with the winner.
 */
import { UniqueConstraintError, type Stored } from '@evently/platform';
import type { SubmitRequestInput } from '../../../contracts/submit-request.ts';
import { partnershipMessageTypes, partnershipMessage } from '../../../contracts/messages.ts';
import { duplicateKey, requestFingerprint, windowStart } from '../../../domain/duplicate-key.ts';
import type { PartnershipRequest } from '../../../domain/partnership-request.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';

export interface SubmitOutcome {
  request: Stored<PartnershipRequest>;
  /** True when this submit repeated a recent one and nothing new was stored. */
  duplicate: boolean;
}

export async function submitRequest(ctx: PartnershipsContext, input: SubmitRequestInput): Promise<SubmitOutcome> {
  const now = ctx.clock.now();
  const fingerprint = requestFingerprint(input);
  const findRecent = () =>
    partnershipRequests.findOne(ctx.store, { fingerprint, created_at: { gte: windowStart(now) } });
  try {
    return await ctx.store.transaction(async (tx) => {
      const recent = await partnershipRequests.findOne(tx, { fingerprint, created_at: { gte: windowStart(now) } });
      if (recent) return { request: recent, duplicate: true };
      const created = await partnershipRequests.insert(tx, {
        ...input,
        status: 'new',
        handled_at: null,
        fingerprint,
        duplicate_key: duplicateKey(fingerprint, now),
      });
      await tx.appendOutbox([
        partnershipMessage(
          partnershipMessageTypes.received,
          created.id,
          created.version,
          { request_id: created.id, partnership_type: created.partnership_type },
          now,
        ),
      ]);
      return { request: created, duplicate: false };
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const winner = await findRecent();
    if (!winner) throw error;
    return { request: winner, duplicate: true };
  }
}
