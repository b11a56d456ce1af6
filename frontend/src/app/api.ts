import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';
import { serverStateReceived } from './server-state.ts';

/** An endpoint's `extraOptions`: `admin` marks a call made with the admin session (lib/admin/admin-endpoints.ts). */
export interface CallOptions {
  admin?: boolean;
}

/**
 * Every request of the client. A 401 on an admin call means the session ended, whichever call met it: the panel
 * reads the session again and shows the login, keeping the section the admin was on. The login call itself is
 * not an admin call (its 401 is a wrong password).
 */
const sessionAwareQuery: typeof baseQuery = async (args, queryApi, extraOptions) => {
  const result = await baseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 401 && (extraOptions as CallOptions | undefined)?.admin) {
    queryApi.dispatch(api.util.invalidateTags(['AdminSession']));
  }
  return result;
};

/**
 * The one RTK Query api of the client. Features add their endpoints with `api.injectEndpoints` in their own
 * `api.ts`; every tag type any feature uses is declared here so invalidation works across features.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareQuery,
  tagTypes: [
    'Event',
    'EventList',
    'EventFilters',
    'PopularEvents',
    'SimilarEvents',
    'Accommodations',
    'GeoIp',
    'Subscription',
    'Subscriber',
    'SupportTicket',
    'SupportFaq',
    'SupportCategory',
    'AdminSession',
    'BlogPost',
    'Review',
    'PartnershipRequest',
  ],
  // A server-rendered page carries the answers it was drawn with (server-state.ts): this slice as the server's
  // store of the same build held it, so its shape is this api's own.
  extractRehydrationInfo: (action, { reducerPath }) =>
    serverStateReceived.match(action) ? (action.payload[reducerPath] as never) : undefined,
  endpoints: () => ({}),
});
