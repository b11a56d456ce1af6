import { api } from '../../app/api.ts';

export const PARTNERSHIP_TYPES = [
  { value: 'event_organizer', label: 'Event Organizer' },
  { value: 'ticketing_platform', label: 'Ticketing Platform' },
  { value: 'venue', label: 'Venue' },
  { value: 'other', label: 'Other' },
] as const;

export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number]['value'];

/** Spec 02 §3 "Partnership request", plus the honeypot (always empty from a person). */
export interface PartnershipRequestPayload {
  company: string;
  contact_name: string;
  email: string;
  phone?: string;
  website?: string;
  partnership_type: PartnershipType;
  message?: string;
  fax: string;
}

export const partnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendPartnershipRequest: build.mutation<{ message?: string }, PartnershipRequestPayload>({
      query: (body) => ({ url: '/partnership-request', method: 'POST', body }),
    }),
  }),
});

export const { useSendPartnershipRequestMutation } = partnerApi;
