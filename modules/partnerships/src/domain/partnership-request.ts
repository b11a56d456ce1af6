/** The partnership request (spec 02 §3) as this module stores it, and its small state machine. */
import type { PartnershipType, RequestStatus } from '../contracts/vocabulary.ts';

// The request's words are the wire's; stored requests hold the same values.
export {
  PARTNERSHIP_TYPES,
  REQUEST_STATUSES,
  type PartnershipType,
  type RequestStatus,
} from '../contracts/vocabulary.ts';

export const PARTNERSHIP_TYPE_LABELS: Record<PartnershipType, string> = {
  event_organizer: 'Event organizer',
  ticketing_platform: 'Ticketing platform',
  venue: 'Venue',
  other: 'Other',
};

export interface PartnershipRequestFields {
  company: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  partnership_type: PartnershipType;
  message: string | null;
}

export interface PartnershipRequest extends PartnershipRequestFields {
  status: RequestStatus;
  handled_at: string | null;
  /** The duplicate-submit key of the window it arrived in; see domain/duplicate-key.ts. */
  duplicate_key: string;
  /** Same sender, company and type in any window: what the duplicate check looks up. */
  fingerprint: string;
}
