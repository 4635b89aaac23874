import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';
import { sessionStore } from '../session-store';

const PAGE = 50;

/** Every session of the user revoked (their tokens stop working everywhere at once), a page at a time. */
export function sessionsEraser(db: Db): Eraser {
  const sessions = sessionStore(db);
  return {
    name: 'sessions',
    async step(userId, cursor, at) {
      const page = await db.entities.session.query.byUser({ userId }).go({ cursor, limit: PAGE });
      await Promise.all(
        page.data.filter((s) => !s.revokedAt).map((s) => sessions.revoke(s.sessionId, at.toISOString())),
      );
      return page.cursor ? { done: false, cursor: page.cursor } : { done: true };
    },
  };
}
