import { normalizePickupCode, PICKUP_CODE_MESSAGES } from '../../../shared/domain/pickup-code';
import { AppError, BadRequestError } from '../../lib/errors';
import type { OrderRecord, PickupLock } from './order';
import { afterTry, pausedUntil, pickupCodeMatches, PICKUP_TRIES } from './pickup-code';
import { FEE_REQUIRED, feePaid, sellersOpenOrder } from './platform-fee';
import { notPending, pickupOrder } from './seller-action-rules';
import { beginRefund, beginRelease, settle, type SettlementDeps } from './settlement';

export interface PickupTries {
  /**
   * Counts one try at the code: the order's lock goes from `read` to `next` only while the order is still funded and
   * its lock still `read`, so parallel tries are counted one after another; false otherwise.
   */
  countTry(orderId: string, read: PickupLock, next: PickupLock, at: string): Promise<boolean>;
}

export interface DecidePickupDeps extends SettlementDeps {
  pickups: PickupTries;
}

export type PickupDecision = { decision: 'approve'; pickupCode: string } | { decision: 'reject' };

/** How often a try is counted again after another try changed the lock first. */
const COUNT_ATTEMPTS = 5;

const paused = (until: string) =>
  new AppError(
    'too_many',
    'pickup_code_paused',
    `Too many wrong pickup codes. Try again after ${until.slice(11, 16)} UTC.`,
  );

/**
 * Counts a try at the lock as the order has it now, re-reading when another try got there first. The count is written
 * before the code is compared (core/orders/pickup-code.ts afterTry). Returns the order as counted and its lock after.
 */
async function countTry(order: OrderRecord, deps: DecidePickupDeps): Promise<{ order: OrderRecord; lock: PickupLock }> {
  let current = order;
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt++) {
    const lock = current.pickup!;
    const now = deps.clock.now();
    const until = pausedUntil(lock, now);
    if (until) throw paused(until);
    const next = afterTry(lock, now);
    if (await deps.pickups.countTry(current.orderId, lock, next, now.toISOString()))
      return { order: current, lock: next };
    const reread = await deps.orders.get(current.orderId);
    if (!reread || !reread.pickup) throw notPending();
    current = pickupOrder(reread, true);
  }
  throw new AppError('invalid_state', 'pickup_busy', 'Another pickup code is being checked. Please try again.');
}

/** The seller enters the buyer's code: only the order's code releases the escrow (fee paid first). */
async function approve(order: OrderRecord, entered: string, deps: DecidePickupDeps): Promise<void> {
  const code = normalizePickupCode(entered);
  if (!code) throw new BadRequestError(PICKUP_CODE_MESSAGES.format, { pickupCode: PICKUP_CODE_MESSAGES.format });
  if (!order.pickup) {
    // Made before pickup codes (decision 040): nothing can prove the hand-over, so it is rejected or expires.
    throw new AppError(
      'invalid_state',
      'pickup_code_missing',
      'This order has no pickup code. Reject it to refund the buyer.',
    );
  }
  if (!feePaid(order)) throw FEE_REQUIRED();
  const until = pausedUntil(order.pickup, deps.clock.now());
  if (until) throw paused(until);
  // Opened before the try is counted: a vault outage costs the seller no try.
  const fulfillment = await deps.vault.open(order.escrow.sealedFulfillment, order.orderId);
  const counted = await countTry(order, deps);
  if (!pickupCodeMatches(counted.lock, code, order.orderId, fulfillment)) {
    if (counted.lock.pausedUntil && counted.lock.tries === 0) throw paused(counted.lock.pausedUntil);
    const left = PICKUP_TRIES - counted.lock.tries;
    throw new AppError(
      'invalid_state',
      'pickup_code_wrong',
      `${PICKUP_CODE_MESSAGES.wrong} ${left} ${left === 1 ? 'try' : 'tries'} left before a pause.`,
      { pickupCode: PICKUP_CODE_MESSAGES.wrong },
    );
  }
  if (!(await beginRelease(counted.order, 'pickup_approved', deps))) throw notPending();
  const releasing = await deps.orders.get(order.orderId);
  if (!releasing) return;
  try {
    await settle(releasing, deps);
  } catch (error) {
    // Recorded as releasing: the settlement schedule follows it to the ledger's answer.
    deps.log.warn('release continues in the background', { orderId: order.orderId, error: String(error) });
  }
}

/**
 * A local pickup's seller releases the escrow with the buyer's pickup code (decision 040) or rejects the pickup (back
 * to the buyer once the ledger allows it, at CancelAfter), once.
 */
export async function decidePickup(
  sellerId: string,
  orderId: string,
  body: PickupDecision,
  deps: DecidePickupDeps,
): Promise<void> {
  const order = pickupOrder(await sellersOpenOrder(deps.orders, sellerId, orderId), true);
  if (body.decision === 'approve') return approve(order, body.pickupCode, deps);
  if (!(await beginRefund(order, 'pickup_rejected', deps))) throw notPending();
}
