import * as contracts from '../../../../shared/api/auth';
import type { CurrentUser, Session } from '../../../../shared/api/auth';
import { apiGet, apiSend } from '../../lib/api';

/**
 * The session's server calls (lib/session holds the session itself: storage, renewal, sign-in and out). Loaded on
 * demand (it brings the contracts and zod), so a visitor without a saved session does not download it on the first
 * load.
 */

/** A fresh token for a session's token. */
export function refreshSession(token: string): Promise<Session> {
  return apiSend(contracts.refreshSession, { body: {}, token });
}

/** The user a token belongs to. */
export function getMe(token: string): Promise<CurrentUser> {
  return apiGet(contracts.getMe, { token });
}

/** Ends the session on the server. */
export async function signOut(token: string): Promise<void> {
  await apiSend(contracts.signOut, { token });
}

/** A fresh token for a saved one, then the user it belongs to. Throws if either call fails. */
export async function restoreSession(savedToken: string): Promise<{ session: Session; user: CurrentUser }> {
  const session = await refreshSession(savedToken);
  const user = await getMe(session.token);
  return { session, user };
}
