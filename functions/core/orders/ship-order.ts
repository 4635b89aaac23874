import { AppError, BadRequestError } from '../../lib/errors';
import type { Carrier, TrackedShipment } from '../shipping/carrier-port';
import type { OrderRecord, Shipment } from './order';
import { claimSnapshot, trackingProblem } from './parcel-evidence';
import { FEE_REQUIRED, feePaid, sellersOpenOrder } from './platform-fee';
import { notPending, pickupOrder } from './seller-action-rules';
import type { SettlementDeps } from './settlement';

export interface ShipmentRepository {
  /** funded -> shipped with the parcel, the tracking number claimed for this order in the same write; false when taken. */
  markShipped(order: OrderRecord, shipment: Shipment, at: string): Promise<'ok' | 'taken' | 'changed'>;
}

export interface ShipOrderDeps extends SettlementDeps {
  shipments: ShipmentRepository;
  carrier: Pick<Carrier, 'track'>;
}

/**
 * The seller ships (spec part 2 "Escrow status"): a FedEx tracking number (trimmed, not empty), checked with the
 * carrier's Track API (parcel-evidence.ts: it goes to the buyer's ZIP, is not delivered or going back, and nothing of
 * it predates the funding) and claimed for this order alone, with the carrier's answer at that moment; the platform
 * fee must be paid first. The escrow is released when the carrier confirms a later delivery.
 */
export async function shipOrder(sellerId: string, orderId: string, trackingNumber: string, deps: ShipOrderDeps) {
  const number = trackingNumber.trim();
  if (!number) throw new BadRequestError('Please enter a tracking number', { trackingNumber: 'Required' });
  const order = pickupOrder(await sellersOpenOrder(deps.orders, sellerId, orderId), false);
  if (!feePaid(order)) throw FEE_REQUIRED();
  const [result] = await deps.carrier.track([number]);
  const problem = trackingProblem(result, order);
  if (problem) throw problem;
  const tracked = result as TrackedShipment;
  const at = deps.clock.now().toISOString();
  const shipment: Shipment = {
    status: 'shipped',
    trackingNumber: tracked.trackingNumber,
    shippedAt: at,
    deliveredAt: null,
    estimatedDeliveryAt: tracked.estimatedDeliveryAt,
    proof: 'seller_tracking',
    claim: claimSnapshot(tracked, at),
  };
  const outcome = await deps.shipments.markShipped(order, shipment, at);
  if (outcome === 'taken') {
    throw new AppError('invalid_state', 'tracking_in_use', 'This tracking number is already used for another order.');
  }
  if (outcome === 'changed') throw notPending();
}
