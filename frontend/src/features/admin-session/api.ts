import type { LoginAnswer, LoginBody, SessionProbe } from '@evently/platform/contracts';
import { api } from '../../app/api.ts';
import { clearLoggedIn, markLoggedIn } from './session-flag.ts';

/** The session probe's answer (`@evently/platform/contracts`): `agent_name` is "Your name" as given at login. */
export type AdminSession = SessionProbe;

const SESSION_ARG = undefined;

export const adminSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The truth about the admin session: the server checks the HttpOnly cookie. This probe answers 200 either
     * way, so a panel opened logged out logs no failed request in the console.
     */
    adminSession: build.query<AdminSession, void>({
      query: () => ({ url: '/admin/session' }),
      transformResponse: (body: Partial<SessionProbe> | null): AdminSession =>
        body?.authenticated === true
          ? { authenticated: true, agent_name: body.agent_name ? body.agent_name : null }
          : { authenticated: false, agent_name: null },
      providesTags: ['AdminSession'],
    }),
    adminLogin: build.mutation<LoginAnswer, LoginBody>({
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
