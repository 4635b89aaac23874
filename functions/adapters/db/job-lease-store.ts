import { conditionally } from './conditional';
import type { Db } from './service';

/** How long an expired lease stays in the table before TTL removes it (it is free from its expiry on). */
const KEEP_SECONDS = 86_400;

export interface JobLeases {
  /** Takes the job's lease until `untilMs` if nobody holds it or its holder's time is up; false when held. */
  acquire(job: string, holder: string, untilMs: number, nowMs: number): Promise<boolean>;
  /** Gives the lease back, if `holder` still has it. */
  release(job: string, holder: string): Promise<void>;
}

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
