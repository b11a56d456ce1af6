/** The partnership request (spec 02 §3) as this module stores it, and its small state machine. */

/** Spec 02 §5: the kinds of partner the form offers. */
export const PARTNERSHIP_TYPES = ['event_organizer', 'ticketing_platform', 'venue', 'other'] as const;
export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

export const PARTNERSHIP_TYPE_LABELS: Record<PartnershipType, string> = {
  event_organizer: 'Event organizer',
  ticketing_platform: 'Ticketing platform',
  venue: 'Venue',
  other: 'Other',
};

/** `new` until someone on the team has dealt with it; an administrator can set it back. */
export const REQUEST_STATUSES = ['new', 'handled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

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
