import { platformSettings } from './admin-settings';
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { CheckoutDeps } from '../core/orders/checkout';
import type { DecidePickupDeps } from '../core/orders/decide-pickup';
import type { DeliveryDeps } from '../core/orders/delivery';
import { escrowReadiness, type EscrowReadiness } from '../core/orders/escrow-readiness';
import type { GetOrderDeps } from '../core/orders/get-order';
import type { GetShippingOptionsDeps } from '../core/orders/get-shipping-options';
import type { ListAwaitingPaymentDeps } from '../core/orders/list-awaiting-payment';
import type { ListMyOrdersDeps } from '../core/orders/list-my-orders';
import type { OrderViewContext } from '../core/orders/order-view';
import type { PayAuctionOrderDeps } from '../core/orders/pay-auction-order';
import type { ReconcileDeps } from '../core/orders/reconcile-orders';
import type { SettleDeps } from '../core/orders/settle-escrow';
import type { ShipOrderDeps } from '../core/orders/ship-order';
import type { SettleEscrowsDeps } from '../core/orders/settle-escrows';
import { orderDisputeStore } from '../adapters/db/order-dispute-store';
import { orderDriftStore } from '../adapters/db/order-drift-store';
import type { PlatformAccount } from '../core/ledger/ports';
import { SIGNING_SCHEDULE } from '../core/signing/poll-signing';
import { explorerTransactionUrl } from '../core/wallet/wallet-balances';
import { ledgerConfig, platformConfig, protectionConfig } from '../lib/config';
import type { ProtectionSettings } from '../core/orders/protection';
import type { Logger } from '../lib/logger';
import { accounts } from './auth';
import { carrier } from '../adapters/carrier/fedex-carrier';
import { clock } from '../adapters/clock';
import { holdReader } from '../adapters/db/buyer-holds';
import { cartStore } from '../adapters/db/cart-store';
import { currentOffers } from '../adapters/db/offer-store';
import { orderFeeStore } from '../adapters/db/order-fee-store';
import { orderPickupStore } from '../adapters/db/order-pickup-store';
import { orderShipmentStore } from '../adapters/db/order-shipment-store';
import { orderStore } from '../adapters/db/order-store';
import { profileStore } from '../adapters/db/profile-store';
import { orderReturnStore } from '../adapters/db/order-return-store';
import { returnPolicies } from '../adapters/db/return-policies';
import { reviewStore } from '../adapters/db/review-store';
import { saleListings } from '../adapters/db/sale-listings';
import { db } from '../adapters/db/service';
import { shippingQuoteStore } from '../adapters/db/shipping-quote-store';
import { soldOutListings } from '../adapters/db/sold-out-listings';
import { eventQueue } from '../adapters/event-queue';
import { fulfillmentVault } from '../adapters/fulfillment-vault';
import { platformAccount } from '../adapters/ledger/platform-account';
import type { XrplLedger } from '../adapters/ledger/xrpl-ledger';
import { loadLedger } from '../adapters/load-ledger';
import { mediaUrl } from '../adapters/media-url';
import { orderEvents } from '../adapters/order-events';
import { signer } from '../adapters/signer/xaman-signer';
import type { CancelSigningDeps } from '../core/orders/cancel-escrow-signing';
import type { FeeDeps } from '../core/orders/platform-fee';
import type { LabelDeps, LabelFiles } from '../core/orders/platform-label';
import type { EscrowSigningDeps } from '../core/orders/request-escrow-signing';
import type { RequestLabelPaymentDeps } from '../core/orders/request-label-payment';
import { orderLabelStore } from '../adapters/db/order-label-store';
import { readObject, writeObject } from '../adapters/media-store';
import { checkSigningNow, openSigningDeps } from './signing';
import { escrowWindowHours } from '../core/admin-network/network-settings';
import { networkSettings } from './network-settings';

/**
 * The orders domain's composition (decision 044): which adapter serves which port of each order use case, from
 * checkout to the escrow's end.
 */

type Log = Pick<Logger, 'warn' | 'error'>;
const now = () => clock.now();

/** What order views link to: media, and the network's explorer for ledger transactions. */
/** The protection settings in force (decision 052). */
export function protectionSettings(): ProtectionSettings {
  const c = protectionConfig();
  return { inspectionHours: Number(c.INSPECTION_HOURS), releaseMarginHours: Number(c.RELEASE_MARGIN_HOURS) };
}

export function orderViewContext(): OrderViewContext {
  const c = ledgerConfig();
  return {
    mediaUrl,
    transactionUrl: (hash) => explorerTransactionUrl(c.XRPL_NETWORK, c.XRPL_URL, hash),
    protection: protectionSettings(),
  };
}
let readiness: EscrowReadiness | undefined;
/** One per warm function: the network's escrow rules are cached for a minute. */
export const escrowReadinessOf = (l: XrplLedger) => (readiness ??= escrowReadiness(l, clock));

export async function checkoutDeps(): Promise<CheckoutDeps> {
  const l = await loadLedger();
  return {
    carts: cartStore(db()),
    listings: saleListings(db()),
    offers: currentOffers(db()),
    users: accounts(),
    profiles: profileStore(db()),
    quotes: shippingQuoteStore(db()),
    ledger: l,
    readiness: escrowReadinessOf(l),
    vault: fulfillmentVault(),
    orders: orderStore(db()),
    holds: holdReader(db()),
    escrowWindowHours: () => escrowWindowHours(networkSettings()),
    newId: ulid,
    randomBytes: (n) => randomBytes(n),
    clock,
  };
}

export async function payAuctionOrderDeps(): Promise<PayAuctionOrderDeps> {
  return { ...(await checkoutDeps()), orders: orderStore(db()) };
}

export function getShippingOptionsDeps(log: Logger): GetShippingOptionsDeps {
  return {
    carts: cartStore(db()),
    listings: saleListings(db()),
    profiles: profileStore(db()),
    carrier: carrier(),
    quotes: shippingQuoteStore(db()),
    orders: orderStore(db()),
    newId: ulid,
    clock,
    onCarrierError: (error) => log.warn('carrier rates failed; estimated rates offered', { error: String(error) }),
  };
}

/** A party's order; an awaiting signature is read through the wallet service at most once per poll interval. */
export function getOrderDeps(log: Log): GetOrderDeps {
  return {
    orders: orderStore(db()),
    links: orderViewContext(),
    pickupCodes: orderPickupStore(db()),
    reviews: { store: reviewStore(db()), clock },
    returns: { store: orderReturnStore(db()), policies: returnPolicies(db()), clock },
    refreshSigning: async (uuid) => void (await checkSigningNow(log, SIGNING_SCHEDULE.readThroughAfterMs)(uuid)),
  };
}

export function listMyOrdersDeps(): ListMyOrdersDeps {
  return { orders: orderStore(db()), links: orderViewContext() };
}

export function listAwaitingPaymentDeps(): ListAwaitingPaymentDeps {
  return { orders: orderStore(db()), links: orderViewContext(), clock };
}

/** An escrow-create request's outcome settled (the signing consumer), and lapsed reservations released. */
export async function settleDeps(log: Pick<Logger, 'warn'>): Promise<SettleDeps> {
  const l = await loadLedger();
  return {
    orders: orderStore(db()),
    soldOut: soldOutListings(db(), now, eventQueue),
    carts: cartStore(db()),
    signer: signer(),
    ledger: l,
    rlusd: l.rlusd,
    events: orderEvents,
    log,
    clock,
  };
}

export const releaseReservationsDeps = settleDeps;

let platform: PlatformAccount | undefined;
// Made on first use: only functions that open fulfillments have the vault's key, only carrier users its settings
// (shipping and the reconcile job build these deps but never open a fulfillment).
const vault = { open: (sealed: string, orderId: string) => fulfillmentVault().open(sealed, orderId) };
const lazyCarrier = { track: (numbers: readonly string[]) => carrier().track(numbers) };

/** Ending escrows: the platform's account, the vault that opens fulfillments, orders and their events. */
export async function settlementDeps(log: Log): Promise<Omit<ReconcileDeps, 'drift'>> {
  const ledger = await loadLedger();
  // One per container: it keeps the sequences this container signed apart.
  platform ??= platformAccount(ledger.connection);
  return { orders: orderStore(db()), ledger, platform, vault, events: orderEvents, log, clock };
}

export async function settleEscrowsDeps(log: Log): Promise<SettleEscrowsDeps> {
  return {
    ...(await settlementDeps(log)),
    disputes: orderDisputeStore(db()),
    disputeEvents: orderEvents,
    shipByEvents: orderEvents,
    protection: protectionSettings(),
  };
}
/** Settlement's ports and the drift marks the reconcile job writes on orders (decision 065). */
export async function reconcileOrdersDeps(log: Log): Promise<ReconcileDeps> {
  return { ...(await settlementDeps(log)), drift: orderDriftStore(db()) };
}

export async function shipOrderDeps(log: Log): Promise<ShipOrderDeps> {
  return { ...(await settlementDeps(log)), shipments: orderShipmentStore(db()), carrier: lazyCarrier };
}

export async function decidePickupDeps(log: Log): Promise<DecidePickupDeps> {
  return { ...(await settlementDeps(log)), pickups: orderPickupStore(db()) };
}

/** Shipped parcels asked of the carrier, delivered ones released (the schedule, and the carrier's webhook). */
export async function deliveryDeps(log: Log): Promise<DeliveryDeps> {
  const shipments = orderShipmentStore(db());
  return {
    ...(await settlementDeps(log)),
    carrier: lazyCarrier,
    shipped: shipments.shipped,
    byTracking: shipments.byTracking,
    markDelivered: shipments.markDelivered,
    protection: protectionSettings(),
  };
}

export const checkDeliveriesDeps = deliveryDeps;

export async function requestEscrowSigningDeps(): Promise<EscrowSigningDeps> {
  const l = await loadLedger();
  return {
    ...openSigningDeps(),
    orders: orderStore(db()),
    readiness: escrowReadinessOf(l),
    ledger: l,
    rlusd: l.rlusd,
  };
}

export function cancelEscrowSigningDeps(log: Log): CancelSigningDeps {
  return {
    orders: orderStore(db()),
    signer: signer(),
    checkNow: checkSigningNow(log),
    events: orderEvents,
    links: orderViewContext(),
    clock,
  };
}

export async function requestPlatformFeeDeps(log: Log): Promise<FeeDeps> {
  const ledger = await loadLedger();
  const c = platformConfig();
  return {
    ...openSigningDeps(),
    orders: orderFeeStore(db()),
    ledger,
    platformAddress: c.PLATFORM_WALLET_ADDRESS,
    rlusd: ledger.rlusd,
    // The administrators' current rate (decision 063); an order keeps the rate of its first fee request.
    basisPoints: (await platformSettings().current()).platformFeeBasisPoints,
    events: orderEvents,
    log,
  };
}

// Never served by a listed name: the key holds 128 random bits and only the seller's label route reads it.
const labelFiles: LabelFiles = {
  put: (key, pdf) => writeObject(key, pdf, 'application/pdf', 'private, no-store'),
  get: readObject,
};

/** Labels bought here (decision 039): the order, the carrier, both profiles, the listings' sizes and the PDFs. */
export function labelDeps(log: Log): LabelDeps {
  return {
    orders: orderLabelStore(db()),
    // Made on first use: only the routes and consumer that buy labels have the carrier's settings.
    carrier: {
      quoteRates: (r) => carrier().quoteRates(r),
      createShipment: (r) => carrier().createShipment(r),
      cancelShipment: (n) => carrier().cancelShipment(n),
    },
    profiles: profileStore(db()),
    listings: saleListings(db()),
    files: labelFiles,
    newKey: () => randomBytes(16).toString('hex'),
    clock,
    log,
  };
}

export const getLabelRatesDeps = labelDeps;
export const getLabelPdfDeps = labelDeps;

export async function requestLabelPaymentDeps(log: Log): Promise<RequestLabelPaymentDeps> {
  const { carrier: labelCarrier, profiles, listings } = labelDeps(log);
  return { ...(await requestPlatformFeeDeps(log)), carrier: labelCarrier, profiles, listings };
}
// ---- end of signing requests of orders ----
