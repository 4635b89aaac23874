import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { CheckoutDeps } from '../core/orders/checkout';
import type { ShippingOptionsDeps } from '../core/orders/checkout-shipping';
import { escrowReadiness, type EscrowReadiness } from '../core/orders/escrow-readiness';
import type { SettleDeps } from '../core/orders/settle-escrow';
import type { Logger } from '../lib/logger';
import { accounts } from './auth-deps';
import { carrier } from './carrier/fedex-carrier';
import { clock } from './clock';
import { cartStore } from './db/cart-store';
import { currentOffers } from './db/offer-store';
import { holdReader } from './db/buyer-holds';
import { orderStore } from './db/order-store';
import { profileStore } from './db/profile-store';
import { saleListings } from './db/sale-listings';
import { db } from './db/service';
import { shippingQuoteStore } from './db/shipping-quote-store';
import { soldOutListings } from './db/sold-out-listings';
import { eventQueue } from './event-queue';
import { fulfillmentVault } from './fulfillment-vault';
import type { XrplLedger } from './ledger/xrpl-ledger';
import { loadLedger } from './load-ledger';
import { orderEvents } from './order-events';
import { mediaUrl } from './media-url';
import type { OrderLinks } from '../core/orders/order-view';
import { explorerTransactionUrl } from '../core/wallet/wallet-balances';
import { ledgerConfig } from '../lib/config';
import { signer } from './signer/xaman-signer';

const now = () => clock.now();

/** What order views link to: media, and the network's explorer for ledger transactions. */
export function orderLinks(): OrderLinks {
  const c = ledgerConfig();
  return { mediaUrl, transactionUrl: (hash) => explorerTransactionUrl(c.XRPL_NETWORK, c.XRPL_URL, hash) };
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
    newId: ulid,
    randomBytes: (n) => randomBytes(n),
    now,
  };
}

export function shippingOptionsDeps(log: Logger): ShippingOptionsDeps {
  return {
    carts: cartStore(db()),
    listings: saleListings(db()),
    profiles: profileStore(db()),
    carrier: carrier(),
    quotes: shippingQuoteStore(db()),
    orders: orderStore(db()),
    newId: ulid,
    now,
    onCarrierError: (error) => log.warn('carrier rates failed; estimated rates offered', { error: String(error) }),
  };
}

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
    now,
  };
}
