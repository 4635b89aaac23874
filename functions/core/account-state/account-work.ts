import { ACCOUNT_STATE_TEXTS } from '../../../shared/domain/account-state';
import { InvalidStateError } from '../../lib/errors';
import { pauseWaitsFor } from './account-rules';
import type { AccountState, AccountStateDeps } from './ports';

/**
 * The work a deactivation, a reactivation or a Delete Data leaves: a page of listings or one eraser's piece at a time,
 * each written before the next (docs/decisions/059-danger-zone.md). The request that asked works until its budget
 * ends; the schedule (resume-account-work) goes on from where it stopped, and after a crash. A run holds the account
 * by a lease (its `dueAt` a little ahead) and every save is conditional on the version read, so two runs never both
 * move it: the one that loses stops.
 */

/** Listings read per page of the store's pass. */
export const SWEEP_PAGE = 25;
/** A run holds the account this long past its last save (the schedule leaves it alone until then). */
export const LEASE_MS = 2 * 60_000;
/** A pass that had to leave listings (reserved, with bids) or an eraser that must wait tries again after this. */
export const RETRY_MS = 60_000;

type Deps = Pick<AccountStateDeps, 'states' | 'listings' | 'erasers' | 'clock' | 'budget' | 'log'>;

const after = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/** What is left to do: the erasure comes before any store pass (it takes every listing off sale itself). */
export function pendingWork(s: AccountState): 'erasure' | 'sweep' | null {
  if (s.erasure?.status === 'erasing') return 'erasure';
  return s.sweep ? 'sweep' : null;
}

/**
 * Saves `change` over `state`: held by this run for another lease while work is left, due never once none is (unless
 * the change says when). The saved state, or null when another run moved it on first.
 */
export async function advance(
  state: AccountState,
  change: Partial<Omit<AccountState, 'userId' | 'version'>>,
  deps: Pick<Deps, 'states' | 'clock'>,
): Promise<AccountState | null> {
  const next = { ...state, ...change, version: state.version + 1 };
  if (change.dueAt === undefined) next.dueAt = pendingWork(next) ? after(deps.clock.now(), LEASE_MS) : null;
  return (await deps.states.save(next, state.version)) ? next : null;
}

/**
 * Takes the account for a run with `change` (a new request's), or as it is to go on with its work. Null when another
 * run holds it (its lease or wait is not over) or moved it on first.
 */
export async function claim(
  state: AccountState,
  change: Partial<Omit<AccountState, 'userId' | 'version'>>,
  deps: Pick<Deps, 'states' | 'clock'>,
): Promise<AccountState | null> {
  const held = state.dueAt !== null && Date.parse(state.dueAt) > deps.clock.now().getTime();
  if (Object.keys(change).length === 0 && held) return null;
  return advance(state, change, deps);
}

/** Delete Data under way (or done) stops both store actions. */
export function assertNotErasing(s: AccountState): void {
  if (s.erasure) throw new InvalidStateError('account_erasing', ACCOUNT_STATE_TEXTS.erasing);
}

type Outcome = { change: Partial<Omit<AccountState, 'userId' | 'version'>>; wait?: boolean };

/**
 * One page of the store's pass. Deactivating pauses its active listings; one it cannot pause yet (units reserved by
 * a checkout, bids) counts as held, and a pass that held any starts again after a while, until none is left active.
 * Reactivating puts its paused listings back.
 */
async function sweepStep(state: AccountState, deps: Deps): Promise<Outcome> {
  const sweep = state.sweep!;
  const deactivating = state.storeStatus === 'deactivating';
  const page = await deps.listings.page(state.userId, sweep.cursor, SWEEP_PAGE);
  let held = sweep.held;
  for (const l of page.items) {
    if (deactivating) {
      if (l.status === 'active' && (pauseWaitsFor(l) || !(await deps.listings.pause(l)))) held++;
    } else if (l.status === 'paused' && !l.hidden) {
      // False: it is no longer paused (an earlier run of this pass already put it back).
      await deps.listings.resume(l);
    }
  }
  if (page.cursor !== null) return { change: { sweep: { cursor: page.cursor, held } } };
  if (held > 0) {
    return { change: { sweep: { cursor: null, held: 0 }, dueAt: after(deps.clock.now(), RETRY_MS) }, wait: true };
  }
  return { change: { storeStatus: deactivating ? 'deactivated' : 'active', sweep: null } };
}

/** One piece of the current eraser; the next eraser once it is done; erased after the last. */
async function eraseStep(state: AccountState, deps: Deps): Promise<Outcome> {
  const erasure = state.erasure!;
  // An eraser not in the list (renamed since) starts the list again: every eraser may run twice.
  const index = Math.max(
    0,
    deps.erasers.findIndex((e) => e.name === erasure.step),
  );
  const eraser = deps.erasers[index];
  const now = deps.clock.now();
  const finished: Outcome = {
    change: { erasure: { ...erasure, status: 'erased', step: null, cursor: null, erasedAt: now.toISOString() } },
  };
  if (!eraser) return finished;
  const result = await eraser.step(state.userId, erasure.cursor, now);
  if (result.done) {
    const next = deps.erasers[index + 1];
    return next ? { change: { erasure: { ...erasure, step: next.name, cursor: null } } } : finished;
  }
  const change = { erasure: { ...erasure, step: eraser.name, cursor: result.cursor } };
  return result.wait ? { change: { ...change, dueAt: after(now, RETRY_MS) }, wait: true } : { change };
}

/**
 * Works on a claimed account until nothing is left, its budget ends (it is then due at once, for the schedule's next
 * run) or a step must wait. Answers the account as it left it. A step that fails is logged and left to the schedule
 * (after this run's lease): the action itself was taken, so the caller hears where it stands, not an error.
 */
export async function workOn(claimed: AccountState, deps: Deps): Promise<AccountState> {
  try {
    return await work(claimed, deps);
  } catch (error) {
    deps.log.error('account work failed; the schedule goes on with it', { userId: claimed.userId, error });
    return latest(claimed, deps);
  }
}

async function work(claimed: AccountState, deps: Deps): Promise<AccountState> {
  const budget = deps.budget();
  let state = claimed;
  for (;;) {
    const work = pendingWork(state);
    if (!work) return state;
    if (!budget.more()) {
      return (await advance(state, { dueAt: deps.clock.now().toISOString() }, deps)) ?? latest(state, deps);
    }
    const outcome = work === 'erasure' ? await eraseStep(state, deps) : await sweepStep(state, deps);
    const saved = await advance(state, outcome.change, deps);
    if (!saved) return latest(state, deps);
    state = saved;
    if (outcome.wait) return state;
  }
}

/** The account as another run left it. */
export async function latest(state: AccountState, deps: Pick<Deps, 'states'>): Promise<AccountState> {
  return (await deps.states.get(state.userId)) ?? state;
}
