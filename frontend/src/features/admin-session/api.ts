import { api } from '../../app/api.ts';
import { clearLoggedIn, markLoggedIn } from './session-flag.ts';

export interface AdminSession {
  authenticated: boolean;
  /** "Your name" as given at login; null when the agent gave none. */
  agent_name: string | null;
}

const SESSION_ARG = undefined;

export const adminSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The truth about the admin session: the server checks the HttpOnly cookie. This probe answers 200 either
     * way, so a panel opened logged out logs no failed request in the console.
     */
    adminSession: build.query<AdminSession, void>({
      query: () => ({ url: '/admin/session' }),
      transformResponse: (body: { authenticated?: unknown; agent_name?: unknown } | null) => ({
        authenticated: body?.authenticated === true,
        agent_name: typeof body?.agent_name === 'string' && body.agent_name !== '' ? body.agent_name : null,
      }),
      providesTags: ['AdminSession'],
    }),
    adminLogin: build.mutation<
      { success: true; message?: string; agent_name?: string | null },
      { password: string; agent_name?: string }
    >({
      query: (body) => ({ url: '/support/admin/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          markLoggedIn();
          dispatch(
            adminSessionApi.util.upsertQueryData('adminSession', SESSION_ARG, {
              authenticated: true,
              agent_name: data.agent_name ?? null,
            }),
          );
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
        dispatch(
          adminSessionApi.util.upsertQueryData('adminSession', SESSION_ARG, { authenticated: false, agent_name: null }),
        );
      },
    }),
  }),
});

export const { useAdminSessionQuery, useAdminLoginMutation, useAdminLogoutMutation } = adminSessionApi;
