import type { ReturnDeps } from '../core/returns/ports';
import type { RequestReturnDeps } from '../core/returns/request-return';
import type { DecideReturnDeps } from '../core/returns/decide-return';
import type { ShipReturnDeps } from '../core/returns/ship-return';
import type { FollowReturnsDeps } from '../core/returns/follow-returns';
import type { ReturnRefundDeps } from '../core/returns/return-refund';
import type { GetOrderDeps } from '../core/orders/get-order';
import { carrier } from '../adapters/carrier/fedex-carrier';
import { clock } from '../adapters/clock';
import { mediaUrl } from '../adapters/media-url';
import { orderReturnStore } from '../adapters/db/order-return-store';
import { orderStore } from '../adapters/db/order-store';
import { profileStore } from '../adapters/db/profile-store';
import { returnPolicies } from '../adapters/db/return-policies';
import { db } from '../adapters/db/service';
import { loadLedger } from '../adapters/load-ledger';
import { returnEvents } from '../adapters/return-events';
import type { Logger } from '../lib/logger';
import { auditLog } from './audit';
import { orderViewContext, protectionSettings } from './orders';
import { openSigningDeps } from './signing';

type Log = Pick<Logger, 'warn' | 'error'>;

/** Returns (decision 054): the return item, its order, and the parties' events. No ledger before the refund. */
function returnWrites(): ReturnDeps {
  return {
    returns: orderReturnStore(db()),
    orders: orderStore(db()),
    returnEvents,
    protection: protectionSettings(),
    clock,
  };
}

export function requestReturnDeps(): RequestReturnDeps {
  return { ...returnWrites(), policies: returnPolicies(db()) };
}

export function decideReturnDeps(): DecideReturnDeps {
  return { ...returnWrites(), profiles: profileStore(db()) };
}

export function shipReturnDeps(): ShipReturnDeps {
  return { ...returnWrites(), carrier: carrier() };
}

export const escalateReturnDeps = returnWrites;
/** An administrator's decision, audited (decision 068). */
export function resolveReturnDeps() {
  return { ...returnWrites(), audit: auditLog() };
}

export function followReturnsDeps(log: Log): FollowReturnsDeps {
  return { ...returnWrites(), carrier: carrier(), profiles: profileStore(db()), log };
}

/** The seller's refund after release: a Payment they sign in their wallet, submitted once it checks out. */
export async function returnRefundDeps(log: Log): Promise<ReturnRefundDeps> {
  const ledger = await loadLedger();
  return { ...openSigningDeps(), ...returnWrites(), ledger, rlusd: ledger.rlusd, log };
}

export function listReturnRequestsDeps() {
  return { returns: orderReturnStore(db()), mediaUrl };
}

/** The order as its party reads it after a return's step (the answer of the return routes). */
export function returnedOrderDeps(): GetOrderDeps {
  return {
    orders: orderStore(db()),
    links: orderViewContext(),
    returns: { store: orderReturnStore(db()), policies: returnPolicies(db()), clock },
  };
}
