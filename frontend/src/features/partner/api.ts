import {
  PARTNERSHIP_TYPES as TYPE_VALUES,
  type PartnershipType,
  type RequestReceivedAnswer,
  type SubmitRequestBody,
} from '@evently/partnerships/contracts';
import { api } from '../../app/api.ts';

/** The form's choices: the server's partnership types (`@evently/partnerships/contracts`) with their labels. */
const TYPE_LABELS: Record<PartnershipType, string> = {
  event_organizer: 'Event Organizer',
  ticketing_platform: 'Ticketing Platform',
  venue: 'Venue',
  other: 'Other',
};

export const PARTNERSHIP_TYPES = TYPE_VALUES.map((value) => ({ value, label: TYPE_LABELS[value] }));

export type { PartnershipType };

export const partnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendPartnershipRequest: build.mutation<RequestReceivedAnswer, SubmitRequestBody>({
      query: (body) => ({ url: '/partnership-request', method: 'POST', body }),
    }),
  }),
});

export const { useSendPartnershipRequestMutation } = partnerApi;
