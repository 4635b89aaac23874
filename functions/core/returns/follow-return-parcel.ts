import { RETURN_REFUND_DAYS, RETURN_TRANSIT_DAYS } from '../../../shared/domain/returns';
import type { TrackResult } from '../shipping/carrier-port';
import type { OrderRecord } from '../orders/order';
import { NEVER, type ReturnDeps, type ReturnRecord } from './ports';
import { lapseAt } from './return-rules';
import { acceptedForReturn, deliveredForReturn } from './return-parcel';

const DAY_MS = 86_400_000;
/** How often a parcel on its way back is tracked again. */
export const RETURN_TRACK_INTERVAL_MS = 10 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One look at a shipped return's parcel (decision 054). Before release: accepted to the return ZIP decides the refund
 * (the order's hold ends as a refund, in the same transaction); still not accepted at the lapse time, it lapses and the
 * release goes ahead. After release: delivered at the return ZIP asks the seller for the refund; not delivered within
 * RETURN_TRANSIT_DAYS it goes to an administrator. Otherwise it is looked at again later. True when the return changed.
 */
export async function followReturnParcel(
  ret: ReturnRecord,
  order: OrderRecord,
  result: TrackResult | undefined,
  now: Date,
  deps: Pick<ReturnDeps, 'returns' | 'protection'>,
): Promise<boolean> {
  const at = now.toISOString();
  const later = { dueAt: iso(now.getTime() + RETURN_TRACK_INTERVAL_MS), updatedAt: at };
  if (ret.case === 'before_release') {
    if (acceptedForReturn(result, ret)) {
      return deps.returns.endHold(order, ret, { stage: 'completed', dueAt: NEVER, updatedAt: at }, { kind: 'refund' });
    }
    if (Date.parse(lapseAt(order, deps.protection)) <= now.getTime()) {
      return deps.returns.endHold(
        order,
        ret,
        { stage: 'lapsed', dueAt: NEVER, updatedAt: at },
        { kind: 'release', deadline: at },
      );
    }
    await deps.returns.advance(ret, later);
    return false;
  }
  const deliveredAt = deliveredForReturn(result, ret);
  if (deliveredAt) {
    const refundDueBy = iso(Date.parse(deliveredAt) + RETURN_REFUND_DAYS * DAY_MS);
    return deps.returns.advance(ret, {
      stage: 'refund_due',
      deliveredBackAt: deliveredAt,
      refundDueBy,
      dueAt: refundDueBy,
      updatedAt: at,
    });
  }
  if (Date.parse(ret.shippedAt ?? at) + RETURN_TRANSIT_DAYS * DAY_MS <= now.getTime()) {
    return deps.returns.advance(ret, {
      stage: 'escalated',
      escalatedAt: at,
      dueAt: NEVER,
      updatedAt: at,
    });
  }
  await deps.returns.advance(ret, later);
  return false;
}
