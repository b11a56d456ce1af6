/** What the admin panel sees of a request: everything the visitor sent, without the duplicate-check keys. */
import type { Stored } from '@evently/platform';
import type { AdminRequestView } from '../contracts/request-answers.ts';
import type { PartnershipRequest } from './partnership-request.ts';

export function toAdminView(request: Stored<PartnershipRequest>): AdminRequestView {
  return {
    id: request.id,
    company: request.company,
    contact_name: request.contact_name,
    email: request.email,
    phone: request.phone,
    website: request.website,
    partnership_type: request.partnership_type,
    message: request.message,
    status: request.status,
    handled_at: request.handled_at,
    created_at: request.created_at,
    updated_at: request.updated_at,
    version: request.version,
  };
}
