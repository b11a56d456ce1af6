/** What the admin panel sees of a request: everything the visitor sent, without the duplicate-check keys. */
import type { Stored } from '@evently/platform';
import type { PartnershipRequest, PartnershipType, RequestStatus } from './partnership-request.ts';

export interface AdminRequestView {
  id: string;
  company: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  partnership_type: PartnershipType;
  message: string | null;
  status: RequestStatus;
  handled_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

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
