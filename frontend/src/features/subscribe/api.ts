import type { SignUpAnswer, SignUpBody } from '@evently/subscriptions/contracts';
import { api } from '../../app/api.ts';

export const subscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<SignUpAnswer, SignUpBody>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});
