import { injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';

export type RequestStatus = 'new' | 'handled';
export type StatusFilter = RequestStatus | 'all';

/** A partnership request as the admin calls answer it. */
export interface PartnershipRequest {
  id: string;
  company: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  partnership_type: 'event_organizer' | 'ticketing_platform' | 'venue' | 'other';
  message: string | null;
  status: RequestStatus;
  handled_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface RequestPage {
  requests: PartnershipRequest[];
  pagination: { page: number; pages: number; total: number };
  new_count: number;
}

export const TYPE_LABELS: Record<PartnershipRequest['partnership_type'], string> = {
  event_organizer: 'Event Organizer',
  ticketing_platform: 'Ticketing Platform',
  venue: 'Venue',
  other: 'Other',
};

const LIST = { type: 'PartnershipRequest', id: 'LIST' } as const;
const BASE = '/admin/partnership-requests';

export const adminPartnershipsApi = injectAdminEndpoints((build) => ({
  partnershipRequests: build.query<RequestPage, { status: StatusFilter; page: number }>({
    query: ({ status, page }) => ({ url: BASE, params: { status, page, per_page: 25 } }),
    providesTags: [LIST],
    keepUnusedDataFor: 0,
  }),
  setPartnershipRequestStatus: build.mutation<PartnershipRequest, { id: string; status: RequestStatus }>({
    query: ({ id, status }) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'PATCH', body: { status } }),
    transformResponse: (body: { request: PartnershipRequest }) => body.request,
    invalidatesTags: [LIST],
  }),
  deletePartnershipRequest: build.mutation<{ message?: string }, string>({
    query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: [LIST],
  }),
}));

export const {
  usePartnershipRequestsQuery,
  useSetPartnershipRequestStatusMutation,
  useDeletePartnershipRequestMutation,
} = adminPartnershipsApi;
