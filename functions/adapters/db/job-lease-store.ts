import type { JobLeases } from '../../lib/one-run-at-a-time';
import { conditionally } from './conditional';
import type { Db } from './service';

/** How long an expired lease stays in the table before TTL removes it (it is free from its expiry on). */
const KEEP_SECONDS = 86_400;

export type { JobLeases };

export function jobLeases(db: Db): JobLeases {
  const { jobLease } = db.entities;
  return {
    acquire(job, holder, untilMs, nowMs) {
      return conditionally(() =>
        jobLease
          .put({ job, holder, expiresAt: untilMs, ttl: Math.ceil(untilMs / 1000) + KEEP_SECONDS })
          .where((a, op) => `${op.notExists(a.holder)} OR ${op.lte(a.expiresAt, nowMs)}`)
          .go(),
      );
    },
    async release(job, holder) {
      await conditionally(() =>
        jobLease
          .delete({ job })
          .where((a, op) => op.eq(a.holder, holder))
          .go(),
      );
    },
  };
}
