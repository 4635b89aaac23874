import type { OrderStatus } from '../../../shared/domain/order-status';
import type { ReturnStage } from '../../../shared/domain/returns';
import { InvalidStateError } from '../../lib/errors';

/**
 * The danger zone's rules (docs/decisions/059-danger-zone.md): which orders are still open, and which listings a
 * deactivation must leave for later.
 */

/** An order's facts as both rules read them, whichever side of it the user is on. */
export interface OrderFacts {
  orderId: string;
  role: 'buyer' | 'seller';
  status: OrderStatus;
  /** An open dispute or a return asked before release holds the escrow (decisions 053, 054). */
  releaseHold: 'dispute' | 'return' | null;
  disputeOpen: boolean;
  /** Its return's stage, when one was asked. */
  returnStage: ReturnStage | null;
}

/** Nothing more happens to an order in these: its escrow was never made, was released or went back to the buyer. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['cancelled', 'completed', 'refunded'];
/** A return that ended: nothing is owed and nothing is on its way (a rejection stands unless an admin is asked). */
export const FINAL_RETURN_STAGES: readonly ReturnStage[] = ['rejected', 'lapsed', 'closed', 'completed'];

/**
 * Open: the order is not final (awaiting payment or signature, being confirmed, funded, shipped, delivered, releasing
 * or refunding: money or goods still move), or a dispute, a hold or a return on it has not ended. A completed order
 * with a return after release is open until the return ends (the seller may owe a refund).
 */
export function isOpenOrder(o: OrderFacts): boolean {
  return (
    !FINAL_ORDER_STATUSES.includes(o.status) ||
    o.releaseHold !== null ||
    o.disputeOpen ||
    (o.returnStage !== null && !FINAL_RETURN_STAGES.includes(o.returnStage))
  );
}

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/** Deactivating waits for every open order, bought or sold (a buyer or seller must still be reachable through it). */
export function assertNoOpenOrdersToDeactivate(facts: readonly OrderFacts[]): void {
  const open = facts.filter(isOpenOrder).length;
  if (open > 0) {
    throw new InvalidStateError(
      'open_orders',
      `You have ${orders(open)} still open. Your store can be deactivated once every order you bought or sold is ` +
        'completed, refunded or cancelled, with no return or dispute open.',
    );
  }
}

/** Delete Data waits for every escrow of the user's to end, and for every hold, dispute and return on them. */
export function assertNoOpenEscrows(facts: readonly OrderFacts[]): void {
  const open = facts.filter(isOpenOrder).length;
  if (open > 0) {
    throw new InvalidStateError(
      'open_escrows',
      `You have ${orders(open)} whose escrow, return or dispute is still open. Your data can be deleted once each ` +
        'is completed, refunded or cancelled.',
    );
  }
}

/** A running auction of the seller's with bids: its bidders are owed its end, so neither action is taken before it. */
export function assertNoAuctionWithBids(title: string | null, action: 'deactivate' | 'delete'): void {
  if (title === null) return;
  throw new InvalidStateError(
    'auction_with_bids',
    `Your auction "${title}" has bids. ` +
      (action === 'deactivate'
        ? 'Your store can be deactivated once it has ended.'
        : 'Your data can be deleted once it has ended.'),
  );
}

/** A bid of the user's on a running auction may still win it (and make an order): Delete Data waits for its end. */
export function assertNoRunningBids(running: number): void {
  if (running === 0) return;
  throw new InvalidStateError(
    'running_bids',
    `You have bids on ${running === 1 ? 'an auction' : `${running} auctions`} still running. ` +
      'Your data can be deleted once they have ended.',
  );
}

/** What a store listing holds for a deactivation to leave it for later: a checkout's reserved units, or bids. */
export interface SweptListing {
  listingId: string;
  status: string;
  listingType: 'fixed' | 'auction';
  bidCount: number;
  quantityReserved: number;
  /** Hidden by an administrator (decision 066): stays paused when the store comes back. */
  hidden?: boolean;
}

/**
 * A listing a deactivation cannot pause yet: a checkout holds units of it (the buyer is signing; the order ends or
 * funds within minutes), or it is an auction with bids (a first bid that raced the request). The sweep comes back to
 * it.
 */
export const pauseWaitsFor = (l: SweptListing) =>
  l.quantityReserved > 0 || (l.listingType === 'auction' && l.bidCount > 0);
