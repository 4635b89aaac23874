import type { ReturnReason } from '../../../shared/domain/returns';
import { InvalidStateError } from '../../lib/errors';
import { buyersOrder } from '../disputes/dispute-rules';
import { releaseDeadline } from '../orders/protection';
import { type ReturnDeps, type ReturnPolicies, type ReturnRecord } from './ports';
import { answerBy, lapseAt } from './return-rules';
import { policyOfOrder, returnWindowOf } from './return-window';

export type RequestReturnDeps = ReturnDeps & { policies: ReturnPolicies };

/**
 * Request Return (decision 054): the buyer of a delivered or collected order asks within its policy's window. Before
 * release the request holds the escrow's release until it is settled; after release the seller will refund from
 * their wallet.
 */
export async function requestReturn(
  userId: string,
  orderId: string,
  body: { reason: ReturnReason; description: string },
  deps: RequestReturnDeps,
): Promise<void> {
  const now = deps.clock.now();
  const order = await buyersOrder(deps.orders, userId, orderId);
  if (await deps.returns.get(orderId)) {
    throw new InvalidStateError('return_exists', 'A return was already requested for this order.');
  }
  if (order.status !== 'delivered' && order.status !== 'completed') {
    throw new InvalidStateError(
      'return_not_available',
      'A return can be requested once the item is delivered or collected.',
    );
  }
  if (order.releaseHold === 'dispute') {
    throw new InvalidStateError('dispute_open', 'An issue is open for this order: it is settled there.');
  }
  const policy = await policyOfOrder(order, deps.policies);
  if (policy === 'no_returns') {
    throw new InvalidStateError('returns_not_accepted', 'The seller does not accept returns for this item.');
  }
  const window = returnWindowOf(order, policy, now);
  if (!window) throw new InvalidStateError('return_window_closed', 'This purchase can no longer be returned.');
  if (window.case === 'before_release' && Date.parse(lapseAt(order, deps.protection)) <= now.getTime()) {
    throw new InvalidStateError(
      'return_too_late',
      'The escrow of this order ends too soon for a return. Report an issue instead.',
    );
  }
  const line = order.lines[0]!;
  const due = answerBy(window, order, now, deps.protection);
  const record: ReturnRecord = {
    orderId,
    buyerId: order.buyerId,
    buyerUsername: order.buyerUsername,
    sellerId: order.sellerId,
    sellerUsername: order.sellerUsername,
    listingId: line.listingId,
    listingTitle: order.lines.length > 1 ? `${line.title} and ${order.lines.length - 1} more` : line.title,
    imageKey: line.imageKey,
    policy,
    case: window.case,
    stage: 'pending',
    reason: body.reason,
    description: body.description.trim(),
    refundCents: order.itemsCents,
    buyerAddress: order.escrow.buyerAddress,
    sellerAddress: order.escrow.sellerAddress,
    requestedAt: now.toISOString(),
    answerBy: due,
    decidedAt: null,
    approved: false,
    sellerNote: null,
    returnTo: null,
    shipBackBy: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredBackAt: null,
    refundDueBy: null,
    refundSigning: null,
    refundTxid: null,
    refundedAt: null,
    escalatedAt: null,
    resolution: null,
    dueAt: due,
    updatedAt: now.toISOString(),
  };
  if (!(await deps.returns.create(record, order, releaseDeadline(order, deps.protection)))) {
    if (await deps.returns.get(orderId)) {
      throw new InvalidStateError('return_exists', 'A return was already requested for this order.');
    }
    throw new InvalidStateError('order_changed', 'This order changed meanwhile. Reload it and try again.');
  }
  await deps.returnEvents.returnChanged(record, now);
}
