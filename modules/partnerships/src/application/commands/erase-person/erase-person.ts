/**
 * Erasure: every partnership request sent from the address goes through `deleteRequest`, so the log announces
 * it like any deletion. The contact's name and phone are reported for the log's redaction; the company's name
 * is a business's, not the person's, and is not.
 */
import { documentsMatching, normaliseAddress, type ErasureSubject, type ModuleErasure } from '@evently/platform';
import { PARTNERSHIPS_TOPIC } from '../../../contracts/messages.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';
import { deleteRequest } from '../delete-request/delete-request.ts';

export async function erasePerson(ctx: PartnershipsContext, subject: ErasureSubject): Promise<ModuleErasure> {
  const address = normaliseAddress(subject.email);
  const requests = await documentsMatching(
    ctx.store,
    partnershipRequests,
    (request) => normaliseAddress(request.email) === address,
  );
  let removed = 0;
  for (const request of requests) if (await deleteRequest(ctx, request.id)) removed += 1;
  return {
    module: 'partnerships',
    removed: { partnership_requests: removed },
    aggregates: requests.map((request) => ({ topic: PARTNERSHIPS_TOPIC, key: request.id })),
    contacts: requests.flatMap((request) => [request.email, request.phone ?? '']),
    names: requests.map((request) => request.contact_name),
  };
}
