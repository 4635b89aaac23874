import type { Clock } from '../core/clock/clock';

/**
 * The functions' clock: the system time, plus an offset only the local runtime's test control sets (nothing in AWS
 * does, so there it is the system clock). Tests move it to run time-based rules "tomorrow" without waiting.
 */
let offsetMs = 0;

export const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

/** Makes `clock.now()` read `at` now and run on from there; null goes back to the system time. */
export function setClock(at: Date | null): void {
  offsetMs = at ? at.getTime() - Date.now() : 0;
}

/** How far the clock is moved from the system time (0 when not moved). */
export function clockOffsetMs(): number {
  return offsetMs;
}
