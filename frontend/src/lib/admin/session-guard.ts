import { api } from '../../app/api.ts';
import { isUnauthorized } from '../support/request-error.ts';

type Dispatch = (action: unknown) => unknown;

/**
 * A 401 on any admin call means the session ended: the panel rechecks it and shows the login again. Use from an
 * endpoint's `onQueryStarted`; other failures are left to the caller.
 */
export async function recheckSessionOn401(queryFulfilled: Promise<unknown>, dispatch: Dispatch): Promise<void> {
  try {
    await queryFulfilled;
  } catch (failure) {
    if (isUnauthorized((failure as { error?: unknown }).error)) dispatch(api.util.invalidateTags(['AdminSession']));
  }
}

/** The same rule for a failure already caught: a 401 sends the panel back to its session check. */
export function recheckSessionIfUnauthorized(failure: unknown, dispatch: Dispatch): void {
  if (isUnauthorized((failure as { error?: unknown }).error)) dispatch(api.util.invalidateTags(['AdminSession']));
}
