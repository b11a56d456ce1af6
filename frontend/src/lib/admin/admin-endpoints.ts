import type { EndpointDefinitions } from '@reduxjs/toolkit/query';
import { SUPPORT_LIVE_NAMESPACES } from '@evently/support/contracts';
import { api, type CallOptions } from '../../app/api.ts';

type Builder = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

const ADMIN_CALL: CallOptions = { admin: true };

/**
 * `api.injectEndpoints` for the panel's calls: each endpoint is marked as an admin call, so the one base query
 * (app/api.ts) turns its 401 into the login screen. Features never handle a 401 themselves.
 */
export function injectAdminEndpoints<Definitions extends EndpointDefinitions>(
  endpoints: (build: Builder) => Definitions,
) {
  return api.injectEndpoints<Definitions>({
    endpoints: (build) =>
      Object.fromEntries(
        Object.entries(endpoints(build)).map(([name, definition]) => [
          name,
          { ...definition, extraOptions: ADMIN_CALL },
        ]),
      ) as Definitions,
  });
}

/** The panel's live connection: the `/admin` namespace with the session cookie, one socket for every section. */
export const ADMIN_NAMESPACE = { namespace: SUPPORT_LIVE_NAMESPACES.admin, withCredentials: true } as const;
