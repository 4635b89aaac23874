import type { DecidePickupDeps } from '../core/orders/decide-pickup';
import type { DeliveryDeps } from '../core/orders/delivery';
import type { SellerActionDeps } from '../core/orders/seller-actions';
import type { ReconcileDeps } from '../core/orders/reconcile';
import type { Logger } from '../lib/logger';
import { carrier } from './carrier/fedex-carrier';
import { clock } from './clock';
import { orderPickupStore } from './db/order-pickup-store';
import { orderShipmentStore } from './db/order-shipment-store';
import { orderStore } from './db/order-store';
import { db } from './db/service';
import { fulfillmentVault } from './fulfillment-vault';
import { platformAccount } from './ledger/platform-account';
import type { PlatformAccount } from '../core/ledger/ports';
import { loadLedger } from './load-ledger';
import { orderEvents } from './order-events';

type Log = Pick<Logger, 'warn' | 'error'>;
const now = () => clock.now();
let platform: PlatformAccount | undefined;
// Made on first use: only functions that open fulfillments have the vault's key, only carrier users its settings
// (shipping and the reconcile job build these deps but never open a fulfillment).
const vault = { open: (sealed: string, orderId: string) => fulfillmentVault().open(sealed, orderId) };
const lazyCarrier = { track: (numbers: readonly string[]) => carrier().track(numbers) };

/** Ending escrows: the platform's account, the vault that opens fulfillments, orders and their events. */
export async function settlementDeps(log: Log): Promise<ReconcileDeps> {
  const ledger = await loadLedger();
  // One per container: it keeps the sequences this container signed apart.
  platform ??= platformAccount(ledger.connection);
  return { orders: orderStore(db()), ledger, platform, vault, events: orderEvents, log, now };
}

export async function sellerActionDeps(log: Log): Promise<SellerActionDeps> {
  return { ...(await settlementDeps(log)), shipments: orderShipmentStore(db()), carrier: lazyCarrier };
}

export async function decidePickupDeps(log: Log): Promise<DecidePickupDeps> {
  return { ...(await settlementDeps(log)), pickups: orderPickupStore(db()) };
}

export async function deliveryDeps(log: Log): Promise<DeliveryDeps> {
  const shipments = orderShipmentStore(db());
  return {
    ...(await settlementDeps(log)),
    carrier: lazyCarrier,
    shipped: shipments.shipped,
    byTracking: shipments.byTracking,
    recordDelivery: shipments.recordDelivery,
  };
}
