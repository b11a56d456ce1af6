import { api } from '../../app/api.ts';
import type { SubscriptionPayload } from './validation.ts';

export const subscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<unknown, SubscriptionPayload>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});
