import { CarrierError } from '../shipping/carrier-error';
import type { PackageSpec, ShipmentRequest, ShippingParty } from '../shipping/carrier-port';
import type { LabelPurchase, OrderRecord, Shipment } from './order';
import { feePaid } from './platform-fee';
import { digits10, LABELS_PREFIX, packageOf, shipperOf, type LabelDeps } from './platform-label';

function shipmentRequest(
  order: OrderRecord,
  shipper: ShippingParty,
  buyerPhone: string | null,
  parcel: PackageSpec,
): ShipmentRequest {
  const to = order.shipping.shipTo!;
  return {
    serviceType: order.fee!.label!.serviceType,
    shipper,
    recipient: {
      name: to.fullName,
      // The carrier calls the recipient about a delivery; without the buyer's phone, the sender's.
      phone: buyerPhone ?? shipper.phone,
      streetLines: [to.street],
      city: to.city,
      state: to.state,
      zip: to.postalCode,
      residential: true,
    },
    packages: [parcel],
    reference: order.orderId,
  };
}

/**
 * Buys the label a validated payment paid for (decision 039), safe to run any number of times: the intent (buying,
 * with the PDF's key) is recorded in a conditional write before the carrier is called, so only one run calls it; a
 * run that finds a purchase recorded does nothing. The parcel ships the order in one write that claims its tracking
 * number. If the order left `funded` meanwhile (the seller entered a number, or the escrow is being refunded), the new
 * shipment is cancelled at the carrier.
 */
export async function buyPaidLabel(orderId: string, deps: LabelDeps): Promise<void> {
  const order = await deps.orders.get(orderId);
  if (!order?.fee?.label || !feePaid(order)) return;
  if (order.label) {
    if (order.label.status === 'buying') {
      deps.log.warn('label purchase already under way or interrupted', { orderId, startedAt: order.label.startedAt });
    }
    return;
  }
  if (order.status !== 'funded') {
    deps.log.error('label paid for an order that is no longer funded', { orderId, status: order.status });
    return;
  }
  const [sellerProfile, buyerProfile] = await Promise.all([
    deps.profiles.get(order.sellerId),
    deps.profiles.get(order.buyerId),
  ]);
  const shipper = shipperOf(sellerProfile, order);
  const start = deps.clock.now().toISOString();
  const purchase: LabelPurchase = {
    status: 'buying',
    startedAt: start,
    pdfKey: `${LABELS_PREFIX}${order.orderId}/${deps.newKey()}.pdf`,
    trackingNumber: null,
    boughtAt: null,
  };
  if (!(await deps.orders.startLabelPurchase(orderId, purchase))) return;
  if (!shipper) {
    // Checked when the payment was asked for: the seller has changed the profile since.
    await deps.orders.endLabelPurchase(orderId, { ...purchase, status: 'failed' });
    deps.log.warn('label not bought: the seller has no shipping address or phone', { orderId });
    return;
  }
  let created;
  try {
    // The parcel as quoted and paid for; a choice made before it was kept is weighed now.
    const parcel = order.fee.label.package ?? (await packageOf(order, deps));
    created = await deps.carrier.createShipment(shipmentRequest(order, shipper, digits10(buyerProfile?.phone), parcel));
  } catch (error) {
    // Refused: nothing was created, so nothing can be bought twice. Anything else may have created a shipment whose
    // answer we lost: it is never asked for again; an operator finds it by the order's reference.
    const refused = error instanceof CarrierError && error.failure === 'refused';
    await deps.orders.endLabelPurchase(orderId, { ...purchase, status: refused ? 'failed' : 'unknown' });
    deps.log.error('label purchase failed', { orderId, refused, error: String(error) });
    return;
  }
  let pdfKey: string | null = purchase.pdfKey;
  try {
    if (!created.labelPdfBase64) throw new Error('the carrier sent no PDF label');
    await deps.files.put(pdfKey!, Buffer.from(created.labelPdfBase64, 'base64'));
  } catch (error) {
    // The parcel is bought either way: recording it matters more than the printable copy.
    pdfKey = null;
    deps.log.error('label PDF not stored', { orderId, error: String(error) });
  }
  const at = deps.clock.now().toISOString();
  const bought: LabelPurchase = {
    ...purchase,
    status: 'bought',
    pdfKey,
    trackingNumber: created.trackingNumber,
    boughtAt: at,
  };
  const shipment: Shipment = {
    status: 'shipped',
    trackingNumber: created.trackingNumber,
    shippedAt: at,
    deliveredAt: null,
    estimatedDeliveryAt: null,
    proof: 'platform_label',
    claim: { at, lastScanAt: null, scanCount: 0 },
  };
  const outcome = await deps.orders.markLabelShipped(order, shipment, bought, at);
  if (outcome === 'ok') return;
  deps.log.error('bought label not recorded; cancelling it at the carrier', { orderId, outcome });
  await deps.orders.endLabelPurchase(orderId, { ...bought, status: 'failed' });
  await deps.carrier.cancelShipment(created.trackingNumber);
}
