import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { CheckoutDeps } from '../core/orders/checkout';
import type { ShippingOptionsDeps } from '../core/orders/checkout-shipping';
import { escrowReadiness, type EscrowReadiness } from '../core/orders/escrow-readiness';
import type { EscrowSigningDeps } from '../core/orders/escrow-signing';
import { settleEscrowSigning, type SettleDeps } from '../core/orders/settle-escrow';
import { checkNow } from '../core/signing/poll-signing';
import type { SigningRequestRecord } from '../core/signing/requests';
import { settleTrustLine, type TrustLineDeps } from '../core/wallet/trust-line';
import { settlePlatformFee } from '../core/orders/platform-fee';
import { buyPaidLabel } from '../core/orders/platform-label';
import { feeDeps } from './settlement-deps';
import { labelDeps } from './label-deps';
import type { Logger } from '../lib/logger';
import { accounts, signingRequests } from '../wiring/auth';
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
import { signingEvents, signingQueue } from './signing-queue';

const now = () => clock.now();

/** What order views link to: media, and the network's explorer for ledger transactions. */
export function orderLinks(): OrderLinks {
  const c = ledgerConfig();
  return { mediaUrl, transactionUrl: (hash) => explorerTransactionUrl(c.XRPL_NETWORK, c.XRPL_URL, hash) };
}
let readiness: EscrowReadiness | undefined;
/** One per warm function: the network's escrow rules are cached for a minute. */
const ready = (l: XrplLedger) => (readiness ??= escrowReadiness(l, clock));

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
    readiness: ready(l),
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

export async function escrowSigningDeps(): Promise<EscrowSigningDeps> {
  const l = await loadLedger();
  return {
    orders: orderStore(db()),
    signer: signer(),
    store: signingRequests(),
    queue: signingQueue,
    readiness: ready(l),
    ledger: l,
    rlusd: l.rlusd,
    now,
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

/**
 * A signing request checked now (the wallet service's webhook; a polling browser, at most once per poll interval):
 * read through, announced, and settled by purpose.
 */
export function checkSigningNow(log: Pick<Logger, 'warn' | 'error'>, minAgeMs = 0) {
  return async (uuid: string) =>
    checkNow(
      uuid,
      {
        store: signingRequests(),
        signer: signer(),
        events: signingEvents,
        now: now(),
        settle: (record) => settleBy(record, log),
      },
      minAgeMs,
    );
}

export async function trustLineDeps(log: Pick<Logger, 'warn'>): Promise<TrustLineDeps> {
  const l = await loadLedger();
  return {
    users: accounts(),
    ledger: l,
    signer: signer(),
    store: signingRequests(),
    queue: signingQueue,
    rlusd: l.rlusd,
    now,
    log,
  };
}

/** What a resolved request of each purpose leads to; sign-in is completed by the browser. */
export async function settleBy(record: SigningRequestRecord, log: Pick<Logger, 'warn' | 'error'>): Promise<void> {
  switch (record.purpose) {
    case 'escrow-create':
      return settleEscrowSigning(record, await settleDeps(log));
    case 'trust-line':
      return settleTrustLine(record, await trustLineDeps(log));
    case 'platform-fee':
      await settlePlatformFee(record, await feeDeps(log));
      // A label paid with the fee is bought now (decision 039); a retried message finds it bought, or started.
      return record.subjectId ? buyPaidLabel(record.subjectId, labelDeps(log)) : undefined;
    case 'sign-in':
      return;
  }
}
