/**
 * Erasure: every partnership request sent from the address goes through `deleteRequest`, so the log announces
 * it like any deletion. The contact's name and phone are reported for the log's redaction; the company's name
 * is a business's, not the person's, and is not.
 */
import { documentsSentBy, eraseDocuments, type ErasureSubject, type ModuleErasure } from '@evently/platform';
import { PARTNERSHIPS_TOPIC } from '../../../contracts/messages.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';
import { deleteRequest } from '../delete-request/delete-request.ts';

export async function erasePerson(ctx: PartnershipsContext, subject: ErasureSubject): Promise<ModuleErasure> {
  return eraseDocuments({
    module: 'partnerships',
    kind: 'partnership_requests',
    topic: PARTNERSHIPS_TOPIC,
    documents: await documentsSentBy(ctx.store, partnershipRequests, subject, (request) => request.email),
    remove: (id) => deleteRequest(ctx, id),
    contacts: (request) => [request.email, request.phone ?? ''],
    names: (request) => [request.contact_name],
  });
}
