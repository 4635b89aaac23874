import type { SessionStore } from '../auth/ports';
import { sessionRefusal } from '../auth/sessions';

/**
 * Which of these sessions still admit their user at `at` (not signed out, not expired, within their absolute
 * lifetime): the rule of every signed-in request, applied to sockets before a private event or subscription
 * (decision 078). One consistent read per distinct session.
 */
export async function liveSessionIds(
  sessionIds: Iterable<string>,
  sessions: Pick<SessionStore, 'get'>,
  at: Date,
): Promise<Set<string>> {
  const distinct = [...new Set(sessionIds)];
  const records = await Promise.all(distinct.map((id) => sessions.get(id)));
  return new Set(distinct.filter((_, i) => records[i] && sessionRefusal(records[i], at) === null));
}
