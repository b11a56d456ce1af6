import type {
  SavedSearchEditBody,
  SavedSearchEditedAnswer,
  SignUpAnswer,
  SignUpBody,
} from '@evently/subscriptions/contracts';
import { api } from '../../../api.ts';

export const savedSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSearch: build.mutation<SignUpAnswer, SignUpBody>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    /** The mail's edit link: the token of that one subscription changes its search. */
    updateSavedSearch: build.mutation<SavedSearchEditedAnswer, SavedSearchEditBody & { token: string }>({
      query: ({ token, ...body }) => ({
        url: `/subscriptions/saved/${encodeURIComponent(token)}`,
        method: 'PUT',
        body,
      }),
    }),
  }),
});
