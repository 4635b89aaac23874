import { CHECKOUT_PACKAGE_IN, CHECKOUT_WEIGHT_PER_UNIT_LB, usZip } from '../../../shared/domain/shipping';
import { AppError } from '../../lib/errors';
import type { SaleListing } from '../cart/sale-listing';
import type { Clock } from '../clock/clock';
import type { ProfileSettingsRecord } from '../profile/profile';
import type { Carrier, PackageSpec, RateRequest, ShippingParty } from '../shipping/carrier-port';
import type { LabelPurchase, OrderRecord, Shipment } from './order';
import { sellersOpenOrder } from './platform-fee';

// What buying a label (decision 039) takes: the rules its use cases share, and its ports.

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
  clock: Clock;
  log: {
    warn(message: string, fields: Record<string, unknown>): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
}

/** Where label PDFs are kept in the media bucket, each under a random key. */
export const LABELS_PREFIX = 'labels/';

const notPending = () =>
  new AppError('invalid_state', 'order_not_pending', "Only a pending escrow takes the seller's actions.");

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

export async function packageOf(order: OrderRecord, deps: Pick<LabelDeps, 'listings'>): Promise<PackageSpec> {
  return orderPackage(order, await deps.listings.get([...new Set(order.lines.map((l) => l.listingId))]));
}

/** A funded order of the caller's that ships to a US address: the only kind a label can be bought for. */
export async function labelOrder(sellerId: string, orderId: string, orders: Pick<LabelRepository, 'get'>) {
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

export const rateRequest = (order: OrderRecord, shipper: ShippingParty, parcel: PackageSpec): RateRequest => ({
  fromZip: shipper.zip,
  fromState: shipper.state,
  toZip: order.shipping.shipTo!.postalCode,
  toState: order.shipping.shipTo!.state,
  residential: true,
  packages: [parcel],
});

export const digits10 = (phone: string | undefined) => {
  const d = (phone ?? '').replace(/\D/g, '').slice(-10);
  return d.length === 10 ? d : null;
};

/** A label can't be bought without the seller's US address to ship from and a phone the carrier can call. */
export function shipperOf(profile: ProfileSettingsRecord | null, order: OrderRecord): ShippingParty | null {
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

export async function requiredShipper(sellerId: string, order: OrderRecord, deps: Pick<LabelDeps, 'profiles'>) {
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
