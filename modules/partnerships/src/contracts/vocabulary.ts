/** The partnership request's words as the wire carries them; the domain and the answers take them from here. */

/** Spec 02 §5: the kinds of partner the form offers. */
export const PARTNERSHIP_TYPES = ['event_organizer', 'ticketing_platform', 'venue', 'other'] as const;
export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

/** `new` until someone on the team has dealt with it; an administrator can set it back. */
export const REQUEST_STATUSES = ['new', 'handled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
