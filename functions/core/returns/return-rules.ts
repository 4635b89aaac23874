import type { PostalAddress } from '../../../shared/domain/address';
import {
  RETURN_ANSWER_HOURS,
  RETURN_LAPSE_BEFORE_DEADLINE_HOURS,
  RETURN_REJECTION_GRACE_HOURS,
  RETURN_SHIP_DAYS,
} from '../../../shared/domain/returns';
import { usZip } from '../../../shared/domain/shipping';
import { ForbiddenError, InvalidStateError, NotFoundError } from '../../lib/errors';
import type { OrderRecord } from '../orders/order';
import { releaseDeadline, type ProtectionSettings } from '../orders/protection';
import type { ProfileSettingsRecord } from '../profile/profile';
import type { ReturnChange, ReturnRecord, ReturnRepository } from './ports';

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Before release, an approved return must be on its way by then, a day before the release deadline, or it lapses. */
export const lapseAt = (order: Pick<OrderRecord, 'escrow'>, protection: ProtectionSettings): string =>
  iso(Date.parse(releaseDeadline(order, protection)) - RETURN_LAPSE_BEFORE_DEADLINE_HOURS * HOUR_MS);

/** When the seller's answer is due (never after the lapse time before release). */
export function answerBy(ret: Pick<ReturnRecord, 'case'>, order: OrderRecord, now: Date, p: ProtectionSettings) {
  const answer = now.getTime() + RETURN_ANSWER_HOURS * HOUR_MS;
  return iso(ret.case === 'before_release' ? Math.min(answer, Date.parse(lapseAt(order, p))) : answer);
}

/** After a rejection before release, the release waits a day more for a report, never past its deadline. */
export function releaseAfterRejection(order: OrderRecord, now: Date, p: ProtectionSettings): string {
  const grace = Math.min(now.getTime() + RETURN_REJECTION_GRACE_HOURS * HOUR_MS, Date.parse(releaseDeadline(order, p)));
  return iso(Math.max(grace, Date.parse(order.releaseDueAt ?? order.escrow.cancelAfter)));
}

/** The seller's return address: the different one when they use it, else their address; null without a US ZIP. */
export function returnAddressOf(profile: ProfileSettingsRecord | null): PostalAddress | null {
  const address = profile?.useDifferentReturnAddress ? profile.returnAddressParts : profile?.addressParts;
  return address && usZip(address.postalCode) ? address : null;
}

/** What approving the return writes, by the seller now or for them when they did not answer. */
export function approval(
  ret: ReturnRecord,
  order: OrderRecord,
  returnTo: PostalAddress,
  note: string | null,
  now: Date,
  p: ProtectionSettings,
): ReturnChange {
  const shipBackBy =
    ret.case === 'before_release' ? lapseAt(order, p) : iso(now.getTime() + RETURN_SHIP_DAYS * 24 * HOUR_MS);
  return {
    stage: 'approved',
    approved: true,
    decidedAt: now.toISOString(),
    sellerNote: note,
    returnTo,
    shipBackBy,
    dueAt: shipBackBy,
    updatedAt: now.toISOString(),
  };
}

/** The return of an order, to its buyer (its seller 403, anyone else 404). */
export async function buyersReturn(returns: Pick<ReturnRepository, 'get'>, userId: string, orderId: string) {
  const ret = await returns.get(orderId);
  if (ret && ret.sellerId === userId) throw new ForbiddenError("Only the order's buyer can do this.");
  if (!ret || ret.buyerId !== userId) throw new NotFoundError('Return request not found');
  return ret;
}

/** The return of an order, to its seller (its buyer 403, anyone else 404). */
export async function sellersReturn(returns: Pick<ReturnRepository, 'get'>, userId: string, orderId: string) {
  const ret = await returns.get(orderId);
  if (ret && ret.buyerId === userId) throw new ForbiddenError("Only the order's seller can do this.");
  if (!ret || ret.sellerId !== userId) throw new NotFoundError('Return request not found');
  return ret;
}

export const returnChanged = () =>
  new InvalidStateError('return_changed', 'This return changed meanwhile. Reload it and try again.');

/** The order a return was asked on; it exists as long as its return does. */
export async function orderOf(orders: { get(orderId: string): Promise<OrderRecord | null> }, orderId: string) {
  const order = await orders.get(orderId);
  if (!order) throw new NotFoundError('Order not found');
  return order;
}
