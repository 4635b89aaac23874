import { ACCOUNT_STATE_TEXTS, confirmsUsername, type ErasureStatus } from '../../../shared/domain/account-state';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { assertNoAuctionWithBids, assertNoOpenEscrows, assertNoRunningBids } from './account-rules';
import { claim, latest, workOn } from './account-work';
import { initialState, type AccountState, type AccountStateDeps } from './ports';

const statusOf = (s: AccountState): { status: ErasureStatus } => ({ status: s.erasure?.status ?? 'erasing' });

/**
 * Delete Data (docs/decisions/059-danger-zone.md): the username typed as confirmation; refused while an escrow of
 * theirs (bought or sold) is open or a hold, dispute or return on one is, and while an auction of theirs has bids or
 * they bid on a running one. Then the erasers run in order, sessions first (the user is signed out everywhere), this
 * request as far as its budget goes and the schedule for the rest. Asked again once started, it only goes on.
 */
export async function deleteMyData(
  userId: string,
  confirmUsername: string,
  deps: AccountStateDeps,
): Promise<{ status: ErasureStatus }> {
  const state = (await deps.states.get(userId)) ?? initialState(userId);
  if (state.erasure) {
    if (state.erasure.status === 'erased') return statusOf(state);
    const claimed = await claim(state, {}, deps);
    return statusOf(claimed ? await workOn(claimed, deps) : await latest(state, deps));
  }
  const user = await deps.accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  if (!confirmsUsername(confirmUsername, user.username)) {
    throw new BadRequestError(
      ACCOUNT_STATE_TEXTS.confirmMismatch,
      { confirmUsername: ACCOUNT_STATE_TEXTS.confirmMismatch },
      'confirmation_mismatch',
    );
  }
  const [orders, auction, running] = await Promise.all([
    deps.checks.orders(userId),
    deps.checks.auctionWithBids(userId),
    deps.checks.runningBids(userId),
  ]);
  assertNoOpenEscrows(orders);
  assertNoAuctionWithBids(auction, 'delete');
  assertNoRunningBids(running);
  const startedAt = deps.clock.now().toISOString();
  // A store pass under way stops: the erasure takes every listing off sale itself.
  const claimed = await claim(
    state,
    { erasure: { status: 'erasing', step: null, cursor: null, startedAt, erasedAt: null }, sweep: null },
    deps,
  );
  if (!claimed) throw new ConflictError('Your store changed at the same moment. Please try again.');
  return statusOf(await workOn(claimed, deps));
}
