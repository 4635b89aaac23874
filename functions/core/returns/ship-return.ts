import { InvalidStateError } from '../../lib/errors';
import type { Carrier } from '../shipping/carrier-port';
import type { ReturnDeps } from './ports';
import { followReturnParcel } from './follow-return-parcel';
import { buyersReturn, orderOf, returnChanged } from './return-rules';
import { returnParcelProblem } from './return-parcel';

export type ShipReturnDeps = ReturnDeps & { carrier: Pick<Carrier, 'track'> };

/**
 * The buyer gives the tracking number of the parcel sending an approved return back (decision 054). The carrier must
 * know it, addressed to the return ZIP and no older than the approval; it is claimed for this return alone. What the
 * carrier already says of it is acted on at once (accepted before release decides the refund).
 */
export async function shipReturn(userId: string, orderId: string, trackingNumber: string, deps: ShipReturnDeps) {
  const now = deps.clock.now();
  const ret = await buyersReturn(deps.returns, userId, orderId);
  if (ret.stage !== 'approved') {
    throw new InvalidStateError('return_not_approved', 'Only an approved return takes a tracking number.');
  }
  if (ret.shipBackBy && Date.parse(ret.shipBackBy) <= now.getTime()) {
    throw new InvalidStateError('return_ship_late', 'The time to send this return back has ended.');
  }
  const number = trackingNumber.trim().toUpperCase();
  const [result] = await deps.carrier.track([number]);
  const problem = returnParcelProblem(result, ret);
  if (problem) throw problem;
  const shipped = { trackingNumber: number, shippedAt: now.toISOString(), updatedAt: now.toISOString() };
  if (!(await deps.returns.advance(ret, { stage: 'shipped', ...shipped, dueAt: shipped.shippedAt }, number))) {
    const again = await deps.returns.get(orderId);
    if (again?.stage === 'approved') {
      throw new InvalidStateError('tracking_taken', 'This tracking number is already used for another order.');
    }
    throw returnChanged();
  }
  const after = { ...ret, stage: 'shipped' as const, ...shipped };
  await deps.returnEvents.returnChanged(after, now);
  if (await followReturnParcel(after, await orderOf(deps.orders, orderId), result, now, deps)) {
    await deps.returnEvents.returnChanged((await deps.returns.get(orderId))!, now);
  }
}
