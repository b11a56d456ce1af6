import type {
  AdminListParams,
  AdminRequestView,
  PartnershipType,
  RequestAnswer,
  RequestDeletedAnswer,
  RequestPage,
  RequestStatus,
  StatusUpdateBody,
} from '@evently/partnerships/contracts';
import { injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';

/** The Partnerships tab's answers are the server's (`@evently/partnerships/contracts`). */
export type { RequestPage, RequestStatus } from '@evently/partnerships/contracts';
export type PartnershipRequest = AdminRequestView;
export type StatusFilter = RequestStatus | 'all';

export const TYPE_LABELS: Record<PartnershipType, string> = {
  event_organizer: 'Event Organizer',
  ticketing_platform: 'Ticketing Platform',
  venue: 'Venue',
  other: 'Other',
};

const LIST = { type: 'PartnershipRequest', id: 'LIST' } as const;
const BASE = '/admin/partnership-requests';

export const adminPartnershipsApi = injectAdminEndpoints((build) => ({
  partnershipRequests: build.query<RequestPage, { status: StatusFilter; page: number }>({
    query: ({ status, page }) => {
      const params: AdminListParams = { status, page, per_page: 25 };
      return { url: BASE, params };
    },
    providesTags: [LIST],
    keepUnusedDataFor: 0,
  }),
  setPartnershipRequestStatus: build.mutation<PartnershipRequest, { id: string; status: RequestStatus }>({
    query: ({ id, status }) => {
      const body: StatusUpdateBody = { status };
      return { url: `${BASE}/${encodeURIComponent(id)}`, method: 'PATCH', body };
    },
    transformResponse: (body: RequestAnswer) => body.request,
    invalidatesTags: [LIST],
  }),
  deletePartnershipRequest: build.mutation<RequestDeletedAnswer, string>({
    query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: [LIST],
  }),
}));

export const {
  usePartnershipRequestsQuery,
  useSetPartnershipRequestStatusMutation,
  useDeletePartnershipRequestMutation,
} = adminPartnershipsApi;
