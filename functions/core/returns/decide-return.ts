import { InvalidStateError } from '../../lib/errors';
import type { ProfileStore } from '../profile/profile';
import { NEVER, type ReturnDeps } from './ports';
import {
  approval,
  orderOf,
  releaseAfterRejection,
  returnAddressOf,
  returnChanged,
  sellersReturn,
} from './return-rules';

export type DecideReturnDeps = ReturnDeps & { profiles: Pick<ProfileStore, 'get'> };

/**
 * The seller answers a pending return (decision 054). Approving fixes the return address the buyer sends it to.
 * Rejecting before release ends the hold; the release waits a day more so the buyer can still report an issue.
 */
export async function decideReturn(
  sellerId: string,
  orderId: string,
  body: { decision: 'approve' | 'reject'; note: string },
  deps: DecideReturnDeps,
): Promise<void> {
  const now = deps.clock.now();
  const ret = await sellersReturn(deps.returns, sellerId, orderId);
  if (ret.stage !== 'pending') throw new InvalidStateError('return_not_pending', 'This return was already answered.');
  const note = body.note.trim() || null;
  const order = await orderOf(deps.orders, orderId);
  let done: boolean;
  if (body.decision === 'approve') {
    const returnTo = returnAddressOf(await deps.profiles.get(sellerId));
    if (!returnTo) {
      throw new InvalidStateError(
        'return_address_required',
        'Add your US return address in Settings to approve a return.',
      );
    }
    done = await deps.returns.advance(ret, approval(ret, order, returnTo, note, now, deps.protection));
  } else {
    const change = {
      stage: 'rejected' as const,
      decidedAt: now.toISOString(),
      sellerNote: note,
      dueAt: NEVER,
      updatedAt: now.toISOString(),
    };
    done =
      ret.case === 'before_release'
        ? await deps.returns.endHold(order, ret, change, {
            kind: 'release',
            deadline: releaseAfterRejection(order, now, deps.protection),
          })
        : await deps.returns.advance(ret, change);
  }
  if (!done) throw returnChanged();
  await deps.returnEvents.returnChanged((await deps.returns.get(orderId))!, now);
}
