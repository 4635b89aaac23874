import type { Principal, SessionDeps } from './sessions';

/** Revokes the caller's session: its tokens stop working everywhere at once. */
export async function signOut(
  p: Principal,
  deps: Pick<SessionDeps, 'sessions' | 'clock'>,
): Promise<{ signedOut: true }> {
  await deps.sessions.revoke(p.sessionId, deps.clock.now().toISOString());
  return { signedOut: true };
}
