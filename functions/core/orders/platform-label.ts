import type { ShippingOption } from '../../../shared/domain/shipping';
import { CHECKOUT_PACKAGE_IN, CHECKOUT_WEIGHT_PER_UNIT_LB, usZip } from '../../../shared/domain/shipping';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors';
import type { SaleListing } from '../cart/sale-listing';
import type { ProfileSettingsRecord } from '../profile/profile';
import { CarrierError } from '../shipping/carrier-error';
import type { Carrier, PackageSpec, RateRequest, ShipmentRequest, ShippingParty } from '../shipping/carrier-port';
import type { LabelChoice, LabelPurchase, OrderRecord, Shipment } from './order';
import { feePaid, requestPlatformFee, sellersOpenOrder, type FeeDeps, type FeeRequest } from './platform-fee';
import { estimatedDaysOf } from './shipping-options';

/** Orders and the writes that buy a label once (decision 039). */
export interface LabelRepository {
  get(orderId: string): Promise<OrderRecord | null>;
  /** Records the intent to buy, once: only on a funded order with no purchase yet. */
  startLabelPurchase(orderId: string, purchase: LabelPurchase): Promise<boolean>;
  /** buying -> failed or unknown. */
  endLabelPurchase(orderId: string, purchase: LabelPurchase): Promise<boolean>;
  /** buying -> bought and funded -> shipped with the label's parcel, its tracking number claimed, in one write. */
  markLabelShipped(
    order: OrderRecord,
    shipment: Shipment,
    purchase: LabelPurchase,
    at: string,
  ): Promise<'ok' | 'taken' | 'changed'>;
}

export interface LabelFiles {
  put(key: string, pdf: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
}

export interface LabelDeps {
  orders: LabelRepository;
  carrier: Pick<Carrier, 'quoteRates' | 'createShipment' | 'cancelShipment'>;
  profiles: { get(userId: string): Promise<ProfileSettingsRecord | null> };
  /** The order's listings, for their weight and dimensions. */
  listings: { get(ids: readonly string[]): Promise<Pick<SaleListing, 'listingId' | 'weightLbs' | 'dimensions'>[]> };
  files: LabelFiles;
  newKey: () => string;
  now: () => Date;
  log: {
    warn(message: string, fields: Record<string, unknown>): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
}

/** Where label PDFs are kept in the media bucket, each under a random key. */
export const LABELS_PREFIX = 'labels/';

const notPending = () => new AppError('invalid_state', 'order_not_pending', "Only a pending escrow takes the seller's actions.");

type ListingSize = Pick<SaleListing, 'listingId' | 'weightLbs' | 'dimensions'>;

/**
 * The order's parcel from its listings (decision 039): each unit weighs what its seller gave (else checkout's 2 lb);
 * one unit ships in its own dimensions when all three are given, anything else in checkout's 12 x 12 x 6 in box.
 */
export function orderPackage(order: OrderRecord, listings: readonly ListingSize[]): PackageSpec {
  const byId = new Map(listings.map((l) => [l.listingId, l]));
  const tenths = order.lines.reduce(
    (sum, l) => sum + l.quantity * Math.ceil((byId.get(l.listingId)?.weightLbs ?? CHECKOUT_WEIGHT_PER_UNIT_LB) * 10),
    0,
  );
  const only = order.lines.length === 1 && order.lines[0]!.quantity === 1 ? byId.get(order.lines[0]!.listingId) : null;
  const d = only?.dimensions;
  const own = d?.length && d.width && d.height ? { lengthIn: d.length, widthIn: d.width, heightIn: d.height } : null;
  return {
    weightLb: tenths / 10,
    ...(own ?? {
      lengthIn: CHECKOUT_PACKAGE_IN.length,
      widthIn: CHECKOUT_PACKAGE_IN.width,
      heightIn: CHECKOUT_PACKAGE_IN.height,
    }),
  };
}

async function packageOf(order: OrderRecord, deps: Pick<LabelDeps, 'listings'>): Promise<PackageSpec> {
  return orderPackage(order, await deps.listings.get([...new Set(order.lines.map((l) => l.listingId))]));
}

/** A funded order of the caller's that ships to a US address: the only kind a label can be bought for. */
async function labelOrder(sellerId: string, orderId: string, orders: Pick<LabelRepository, 'get'>) {
  const order = await sellersOpenOrder(orders, sellerId, orderId);
  if (order.shipping.fulfilment === 'pickup') {
    throw new AppError('invalid_state', 'wrong_fulfilment', 'This order is a local pickup.');
  }
  if (order.status !== 'funded') throw notPending();
  if (!order.shipping.shipTo || !usZip(order.shipping.shipTo.postalCode)) {
    throw new AppError('invalid_state', 'label_unavailable', 'A label can only be bought between two US ZIP codes.');
  }
  return order;
}

const rateRequest = (order: OrderRecord, shipper: ShippingParty, parcel: PackageSpec): RateRequest => ({
  fromZip: shipper.zip,
  fromState: shipper.state,
  toZip: order.shipping.shipTo!.postalCode,
  toState: order.shipping.shipTo!.state,
  residential: true,
  packages: [parcel],
});

/** The carrier's services for the order's parcel from the seller's address, cheapest first. */
export async function getLabelRates(
  sellerId: string,
  orderId: string,
  deps: Pick<LabelDeps, 'orders' | 'carrier' | 'profiles' | 'listings'>,
): Promise<{ options: ShippingOption[] }> {
  const order = await labelOrder(sellerId, orderId, deps.orders);
  const shipper = await requiredShipper(sellerId, order, deps);
  const rates = await deps.carrier.quoteRates(rateRequest(order, shipper, await packageOf(order, deps)));
  return {
    options: rates.map((r) => ({
      id: r.serviceType,
      name: r.serviceName,
      costCents: r.amountCents,
      estimatedDays: estimatedDaysOf(r),
      description: r.serviceName,
    })),
  };
}

const digits10 = (phone: string | undefined) => {
  const d = (phone ?? '').replace(/\D/g, '').slice(-10);
  return d.length === 10 ? d : null;
};

/** A label can't be bought without the seller's US address to ship from and a phone the carrier can call. */
function shipperOf(profile: ProfileSettingsRecord | null, order: OrderRecord): ShippingParty | null {
  const a = profile?.addressParts;
  const phone = digits10(profile?.phone);
  if (!a || a.country !== 'US' || !usZip(a.postalCode) || !phone) return null;
  return {
    name: profile?.fullName?.trim() || order.sellerUsername,
    phone,
    streetLines: [a.street],
    city: a.city,
    state: a.state,
    zip: a.postalCode,
  };
}

async function requiredShipper(sellerId: string, order: OrderRecord, deps: Pick<LabelDeps, 'profiles'>) {
  const shipper = shipperOf(await deps.profiles.get(sellerId), order);
  if (!shipper) {
    throw new AppError(
      'invalid_state',
      'seller_address_required',
      'Add your US address and your phone number in Settings to buy a label.',
    );
  }
  return shipper;
}

/**
 * The seller chooses a service (decision 039): its cost is the carrier's quote now, fixed here and stored on the
 * order with the fee, and the one Payment the seller signs is the fee plus that cost. A fee already paid without a
 * label leaves the tracking number as the way to ship.
 */
export async function requestLabelPayment(
  sellerId: string,
  orderId: string,
  serviceType: string,
  deps: FeeDeps & Pick<LabelDeps, 'carrier' | 'profiles' | 'listings'>,
): Promise<FeeRequest> {
  const order = await labelOrder(sellerId, orderId, deps.orders);
  if (feePaid(order)) {
    if (order.fee?.label) return { status: 'paid' };
    throw new AppError(
      'invalid_state',
      'fee_paid_without_label',
      'The platform fee is already paid without a label. Enter a tracking number instead.',
    );
  }
  const shipper = await requiredShipper(sellerId, order, deps);
  const parcel = await packageOf(order, deps);
  const rate = (await deps.carrier.quoteRates(rateRequest(order, shipper, parcel))).find(
    (r) => r.serviceType === serviceType,
  );
  if (!rate) {
    throw new BadRequestError('This shipping service is not offered for this parcel.', {
      serviceType: 'Not offered',
    });
  }
  const choice: LabelChoice = {
    serviceType: rate.serviceType,
    serviceName: rate.serviceName,
    costCents: rate.amountCents,
    quotedAt: deps.now().toISOString(),
    package: parcel,
  };
  return requestPlatformFee(sellerId, orderId, deps, choice);
}

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
  const start = deps.now().toISOString();
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
  const at = deps.now().toISOString();
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

/** The bought label's PDF, to the order's seller alone: to anyone else, the order has no label (404). */
export async function getLabelPdf(
  sellerId: string,
  orderId: string,
  deps: Pick<LabelDeps, 'orders' | 'files'>,
): Promise<{ fileName: string; pdfBase64: string }> {
  const order = await deps.orders.get(orderId);
  const key = order?.sellerId === sellerId && order.label?.status === 'bought' ? order.label.pdfKey : null;
  const pdf = key ? await deps.files.get(key) : null;
  if (!pdf) throw new NotFoundError('Label not found');
  return { fileName: `label-${orderId}.pdf`, pdfBase64: Buffer.from(pdf).toString('base64') };
}
