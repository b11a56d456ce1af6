import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';
import { serverStateReceived } from './server-state.ts';

/**
 * The one RTK Query api of the client. Features add their endpoints with `api.injectEndpoints` in their own
 * `api.ts`; every tag type any feature uses is declared here so invalidation works across features.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
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
