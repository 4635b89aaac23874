import type { HttpPoolStats } from '../../infra/local/http-pool';

/** What the Lambda-shape pool did over one measured phase (decision 075). */
export interface PoolUse {
  invocations: number;
  /** The handlers' time summed: with the functions' memory, their GB-seconds. */
  busyMs: number;
  /** Requests that found every worker busy and waited for one. */
  waits: number;
}

export const poolDelta = (before: HttpPoolStats, after: HttpPoolStats): PoolUse => ({
  invocations: after.invocations - before.invocations,
  busyMs: after.busyMs - before.busyMs,
  waits: after.waits - before.waits,
});

/** "1,234 invocations, 12.3 ms of handler time each, 56 waited for a free worker". */
export const poolUseText = (u: PoolUse) =>
  `${u.invocations} invocations, ${(u.busyMs / Math.max(1, u.invocations)).toFixed(1)} ms of handler time each, ` +
  `${u.waits} waited for a free worker`;
