import { api } from '../../../api.ts';
import type { SavedSearchFields } from './saved-search.ts';

export const savedSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSearch: build.mutation<unknown, SavedSearchFields & { email: string }>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    /** The mail's edit link: the token of that one subscription changes its search. */
    updateSavedSearch: build.mutation<{ description: string }, SavedSearchFields & { token: string }>({
      query: ({ token, ...body }) => ({
        url: `/subscriptions/saved/${encodeURIComponent(token)}`,
        method: 'PUT',
        body,
      }),
    }),
  }),
});
