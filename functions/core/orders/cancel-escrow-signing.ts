import { AppError } from '../../lib/errors';
import type { SignerGateway } from '../signing/ports';
import { getOrder } from './get-order';
import { buyersOrder, notAwaiting } from './escrow-signing';
import type { OrderRepository } from './order-store';
import type { OrderViewContext } from './order-view';
import { cancelOrder, type CancelOrderDeps } from './settle-escrow';

export interface CancelSigningDeps extends CancelOrderDeps {
  orders: Pick<OrderRepository, 'get' | 'cancel' | 'backToPayment' | 'byBuyer' | 'bySeller' | 'unpaidOrders'>;
  links: OrderViewContext;
  signer: Pick<SignerGateway, 'cancel'>;
  /** Reads the request from the wallet service now and settles the order by it. */
  checkNow: (uuid: string) => Promise<unknown>;
}

/**
 * The buyer withdraws the open wallet request of an order awaiting signature: the wallet service cancels it unless it
 * was opened meanwhile (then the buyer rejects it there), and the order settles by what the request now is (cancelled:
 * the units go back; signed just before: it is funded). An order no wallet request was made for is withdrawn itself
 * (cancelled as 'withdrawn', its units back; an auction's back to payment). Should a request be made at that very
 * moment, nothing is lost: settlement only submits for an order still awaiting signature.
 */
async function withdrawSigning(userId: string, orderId: string, deps: CancelSigningDeps) {
  const order = await buyersOrder(deps.orders, userId, orderId);
  if (order.status === 'awaiting_signature' && !order.signing) return cancelOrder(order, 'withdrawn', deps);
  if (order.status !== 'awaiting_signature' || !order.signing) throw notAwaiting(order);
  const { reason } = await deps.signer.cancel(order.signing.uuid);
  if (reason === 'already_opened') {
    throw new AppError(
      'invalid_state',
      'signing_opened',
      'The request is open in your wallet: reject it there to cancel.',
    );
  }
  await deps.checkNow(order.signing.uuid);
}

/** The buyer withdraws (above) and is answered with the order as it is now. */
export async function cancelEscrowSigning(userId: string, orderId: string, deps: CancelSigningDeps) {
  await withdrawSigning(userId, orderId, deps);
  return getOrder(userId, orderId, { orders: deps.orders, links: deps.links });
}
