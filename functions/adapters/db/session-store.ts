import type { SessionStore } from '../../core/auth/ports';
import { readByKey } from './read-by-key';
import { conditionally } from './conditional';
import type { Db } from './service';

const KEEP_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;
const ttlOf = (expiresAt: string) => Math.floor(Date.parse(expiresAt) / 1000) + KEEP_AFTER_EXPIRY_SECONDS;

export function sessionStore(db: Db): SessionStore {
  const { session } = db.entities;
  return {
    async create(r) {
      await session
        .create({
          sessionId: r.sessionId,
          userId: r.userId,
          createdAt: r.createdAt,
          expiresAt: r.expiresAt,
          ttl: ttlOf(r.expiresAt),
        })
        .go();
    },
    // Strongly consistent (sign-out is immediate), batched with the process's other reads of the moment.
    async get(sessionId) {
      const item = await readByKey(db.client, session, { sessionId });
      const data = item && session.parse({ Item: item }).data;
      if (!data) return null;
      return {
        sessionId: data.sessionId,
        userId: data.userId,
        createdAt: data.createdAt,
        expiresAt: data.expiresAt,
        revokedAt: data.revokedAt ?? null,
      };
    },
    extend(sessionId, expiresAt) {
      return conditionally(() =>
        session
          .patch({ sessionId })
          .set({ expiresAt, ttl: ttlOf(expiresAt) })
          .where((a, op) => op.notExists(a.revokedAt))
          .go(),
      );
    },
    async revoke(sessionId, at) {
      // Revoking a session that is gone (TTL) or already revoked changes nothing.
      await conditionally(() =>
        session
          .patch({ sessionId })
          .set({ revokedAt: at })
          .where((a, op) => op.notExists(a.revokedAt))
          .go(),
      );
    },
  };
}
