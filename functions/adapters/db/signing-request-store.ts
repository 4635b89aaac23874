import type { SigningRequestRecord, SigningRequestStore } from '../../core/signing/requests';
import { conditionally } from './conditional';
import type { Db } from './service';

/** Records stay a day past their expiry (late status reads, support), then TTL removes them. */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;

export function signingRequestStore(db: Db): SigningRequestStore {
  const { signingRequest } = db.entities;
  return {
    async create(r) {
      const ttl = Math.floor(Date.parse(r.expiresAt) / 1000) + KEEP_AFTER_EXPIRY_SECONDS;
      await signingRequest
        .create({
          uuid: r.uuid,
          purpose: r.purpose,
          status: r.status,
          clientSecretHash: r.clientSecretHash,
          ...(r.subjectId ? { subjectId: r.subjectId } : {}),
          createdAt: r.createdAt,
          expiresAt: r.expiresAt,
          attempts: r.attempts,
          ttl,
        })
        .go();
    },
    async get(uuid) {
      const { data } = await signingRequest.get({ uuid }).go({ consistent: true });
      if (!data) return null;
      return {
        uuid: data.uuid,
        purpose: data.purpose,
        status: data.status,
        clientSecretHash: data.clientSecretHash,
        subjectId: data.subjectId ?? null,
        createdAt: data.createdAt,
        expiresAt: data.expiresAt,
        attempts: data.attempts,
        lastCheckedAt: data.lastCheckedAt ?? null,
        lastMessageId: data.lastMessageId ?? null,
        completedAt: data.completedAt ?? null,
        account: data.account ?? null,
      } satisfies SigningRequestRecord;
    },
    updateIfPending(uuid, w) {
      return conditionally(() =>
        signingRequest
          .patch({ uuid })
          .set({ status: w.status, lastCheckedAt: w.checkedAt })
          .where((a, op) => op.eq(a.status, 'pending'))
          .go(),
      );
    },
    recordCheck(uuid, attempt, messageId, w) {
      return conditionally(() =>
        signingRequest
          .patch({ uuid })
          .set({ status: w.status, lastCheckedAt: w.checkedAt, attempts: attempt, lastMessageId: messageId })
          .where((a, op) => `${op.eq(a.status, 'pending')} AND ${op.eq(a.attempts, attempt - 1)}`)
          .go(),
      );
    },
    markCompleted(uuid, account, at) {
      return conditionally(() =>
        signingRequest
          .patch({ uuid })
          .set({ completedAt: at, account })
          .where((a, op) => `${op.eq(a.status, 'signed')} AND ${op.notExists(a.completedAt)}`)
          .go(),
      );
    },
  };
}
