// ---- Signing requests of orders: escrow, platform fee, label (decision 045) ----
import { randomBytes } from 'node:crypto';
import type { CancelSigningDeps } from '../core/orders/cancel-escrow-signing';
import { basisPointsOf, type FeeDeps } from '../core/orders/platform-fee';
import type { LabelDeps, LabelFiles } from '../core/orders/platform-label';
import type { EscrowSigningDeps } from '../core/orders/request-escrow-signing';
import type { RequestLabelPaymentDeps } from '../core/orders/request-label-payment';
import { carrier } from '../adapters/carrier/fedex-carrier';
import { clock } from '../adapters/clock';
import { orderFeeStore } from '../adapters/db/order-fee-store';
import { orderLabelStore } from '../adapters/db/order-label-store';
import { orderStore } from '../adapters/db/order-store';
import { profileStore } from '../adapters/db/profile-store';
import { saleListings } from '../adapters/db/sale-listings';
import { db } from '../adapters/db/service';
import { loadLedger } from '../adapters/load-ledger';
import { readObject, writeObject } from '../adapters/media-store';
import { orderEvents } from '../adapters/order-events';
import { escrowReadinessOf, orderLinks } from '../adapters/order-deps';
import { signer } from '../adapters/signer/xaman-signer';
import { platformConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { checkSigningNow, openSigningDeps } from './signing';

type Log = Pick<Logger, 'warn' | 'error'>;

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
    links: orderLinks(),
    now: () => clock.now(),
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
    basisPoints: basisPointsOf(c.PLATFORM_FEE_PERCENT),
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
