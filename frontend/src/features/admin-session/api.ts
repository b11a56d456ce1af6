import { api } from '../../app/api.ts';
import { clearLoggedIn, markLoggedIn } from './session-flag.ts';

export interface AdminSession {
  authenticated: boolean;
}

const SESSION_ARG = undefined;

export const adminSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The truth about the admin session: the server checks the HttpOnly cookie. 401 is an answer, not a failure. */
    adminSession: build.query<AdminSession, void>({
      query: () => ({
        url: '/support/admin/session',
        validateStatus: (response) => response.status === 200 || response.status === 401,
      }),
      transformResponse: (body: { authenticated?: unknown } | null, meta) => ({
        authenticated: meta?.response?.status === 200 && body?.authenticated === true,
      }),
      providesTags: ['AdminSession'],
    }),
    adminLogin: build.mutation<{ success: true; message?: string }, { password: string }>({
      query: (body) => ({ url: '/support/admin/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          markLoggedIn();
          dispatch(adminSessionApi.util.upsertQueryData('adminSession', SESSION_ARG, { authenticated: true }));
        } catch {
          // The login card shows the failure.
        }
      },
    }),
    adminLogout: build.mutation<unknown, void>({
      query: () => ({ url: '/support/admin/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Logged out locally whatever the answer: the panel must not stay open on a failed network call.
        clearLoggedIn();
        try {
          await queryFulfilled;
        } catch {
          // The cookie may outlive a failed call; the server also revokes sessions on its own schedule.
        }
        dispatch(adminSessionApi.util.upsertQueryData('adminSession', SESSION_ARG, { authenticated: false }));
      },
    }),
  }),
});

export const { useAdminSessionQuery, useAdminLoginMutation, useAdminLogoutMutation } = adminSessionApi;
