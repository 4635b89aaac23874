import { getMe, refreshSession, signOut, type CurrentUser, type Session } from '../../../../shared/api/auth';
import { apiGet, apiSend } from '../api';
import type { StoredSession } from './session-storage';

/**
 * The session's server calls. Loaded on demand (it brings the contracts and zod), so a visitor without a saved session
 * does not download it on the first load.
 */

/** A fresh token for a saved one, then the user it belongs to. Throws if either call fails. */
export async function restoreSession(saved: StoredSession): Promise<{ session: Session; user: CurrentUser }> {
  const session = await apiSend(refreshSession, { body: {}, token: saved.token });
  const user = await apiGet(getMe, { token: session.token });
  return { session, user };
}

export function renewSession(token: string): Promise<Session> {
  return apiSend(refreshSession, { body: {}, token });
}

export async function endServerSession(token: string): Promise<void> {
  await apiSend(signOut, { token });
}
