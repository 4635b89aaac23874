import { advance, claim, pendingWork, workOn } from './account-work';
import type { AccountStateDeps } from './ports';

/** Accounts taken up per scheduled run (each goes on within the run's budget). */
const BATCH = 20;

/**
 * Every minute (functions/routes.ts schedules): goes on with the store passes and erasures whose request ran out of
 * time, crashed or had to wait (docs/decisions/059-danger-zone.md). An account another run holds is left to it.
 */
export async function resumeAccountWork(
  deps: AccountStateDeps,
): Promise<{ taken: number; finished: number; waiting: number }> {
  const run = { taken: 0, finished: 0, waiting: 0 };
  const now = deps.clock.now();
  for (const userId of await deps.states.due(now.toISOString(), BATCH)) {
    if (!deps.budget().more()) break;
    const state = await deps.states.get(userId);
    if (!state) continue;
    if (!pendingWork(state)) {
      // Due with nothing left (a save that finished the work raced this read): no longer due.
      await advance(state, { dueAt: null }, deps);
      continue;
    }
    const claimed = await claim(state, {}, deps);
    if (!claimed) continue;
    run.taken++;
    const left = await workOn(claimed, deps);
    if (pendingWork(left)) run.waiting++;
    else run.finished++;
  }
  return run;
}
