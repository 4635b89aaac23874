import { usZip } from '../../../shared/domain/shipping';
import { AppError, BadRequestError } from '../../lib/errors';
import type { Carrier, TrackResult } from '../shipping/carrier-port';
import type { OrderRecord, Shipment } from './order';
import { FEE_REQUIRED, feePaid, sellersOpenOrder } from './platform-fee';
import { beginRefund, beginRelease, settle, type SettlementDeps } from './settlement';

export interface ShipmentRepository {
  /** funded -> shipped with the parcel, the tracking number claimed for this order in the same write; false when taken. */
  markShipped(order: OrderRecord, shipment: Shipment, at: string): Promise<'ok' | 'taken' | 'changed'>;
}

export interface SellerActionDeps extends SettlementDeps {
  shipments: ShipmentRepository;
  carrier: Pick<Carrier, 'track'>;
}

const notPending = () => new AppError(409, 'order_not_pending', "Only a pending escrow takes the seller's actions.");

function pickupOrder(order: OrderRecord, pickup: boolean): OrderRecord {
  if (order.status !== 'funded') throw notPending();
  if ((order.shipping.fulfilment === 'pickup') !== pickup) {
    throw new AppError(
      409,
      'wrong_fulfilment',
      pickup ? 'This order ships by carrier.' : 'This order is a local pickup.',
    );
  }
  return order;
}

/** Why a tracking number can't be this order's parcel, or null when it can. */
function trackingProblem(result: TrackResult | undefined, order: OrderRecord): AppError | null {
  if (!result || !result.found) {
    return new AppError(409, 'tracking_unknown', 'The carrier does not know this tracking number.');
  }
  if (result.returnedToShipper) {
    return new AppError(409, 'tracking_returned', 'This parcel is on its way back to the sender.');
  }
  const buyerZip = usZip(order.shipping.shipTo?.postalCode);
  const to = result.destination?.zip ?? result.deliveredTo?.zip;
  if (!buyerZip || usZip(to) !== buyerZip) {
    return new AppError(409, 'tracking_wrong_zip', "This parcel is not going to the buyer's ZIP code.");
  }
  return null;
}

/**
 * The seller ships (spec part 2 "Escrow status"): a FedEx tracking number (trimmed, not empty), checked with the
 * carrier's Track API (it exists, goes to the buyer's ZIP, is not going back) and claimed for this order alone; the
 * platform fee must be paid first. The escrow is released when the carrier confirms delivery.
 */
export async function shipOrder(sellerId: string, orderId: string, trackingNumber: string, deps: SellerActionDeps) {
  const number = trackingNumber.trim();
  if (!number) throw new BadRequestError('Please enter a tracking number', { trackingNumber: 'Required' });
  const order = pickupOrder(await sellersOpenOrder(deps.orders, sellerId, orderId), false);
  if (!feePaid(order)) throw FEE_REQUIRED();
  const [result] = await deps.carrier.track([number]);
  const problem = trackingProblem(result, order);
  if (problem) throw problem;
  const tracked = result as Extract<TrackResult, { found: true }>;
  const at = deps.now().toISOString();
  const shipment: Shipment = {
    status: 'shipped',
    trackingNumber: tracked.trackingNumber,
    shippedAt: at,
    deliveredAt: null,
    estimatedDeliveryAt: tracked.estimatedDeliveryAt,
    proof: 'seller_tracking',
    claim: null,
  };
  const outcome = await deps.shipments.markShipped(order, shipment, at);
  if (outcome === 'taken') {
    throw new AppError(409, 'tracking_in_use', 'This tracking number is already used for another order.');
  }
  if (outcome === 'changed') throw notPending();
}

/** Approve (release to the seller, fee paid first) or reject (back to the buyer) a local pickup, once. */
export async function decidePickup(
  sellerId: string,
  orderId: string,
  decision: 'approve' | 'reject',
  deps: SellerActionDeps,
): Promise<void> {
  const order = pickupOrder(await sellersOpenOrder(deps.orders, sellerId, orderId), true);
  if (decision === 'reject') {
    if (!(await beginRefund(order, 'pickup_rejected', deps))) throw notPending();
    return;
  }
  if (!feePaid(order)) throw FEE_REQUIRED();
  if (!(await beginRelease(order, 'pickup_approved', deps))) throw notPending();
  const releasing = await deps.orders.get(orderId);
  if (!releasing) return;
  try {
    await settle(releasing, deps);
  } catch (error) {
    // Recorded as releasing: the settlement schedule follows it to the ledger's answer.
    deps.log.warn('release continues in the background', { orderId, error: String(error) });
  }
}
