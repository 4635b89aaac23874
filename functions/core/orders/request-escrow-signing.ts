import { formatUsd } from '../../../shared/domain/money';
import { AppError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { LedgerGateway } from '../ledger/ports';
import { openSigningRequest, type OpenedSigningRequest } from '../signing/open-signing-request';
import type { SignerGateway } from '../signing/ports';
import type { SigningQueue, SigningRequestStore } from '../signing/requests';
import { escrowCreateTx, type TokenIssue } from './escrow-create';
import { escrowUnavailable, type EscrowReadiness } from './escrow-readiness';
import { buyersOrder, escrowInstruction, notAwaiting, SIGNING_GRACE_MS, signingMinutes } from './escrow-signing';
import type { OrderSigning } from './order';
import type { OrderRepository } from './order-store';

export interface EscrowSigningDeps {
  orders: OrderRepository;
  signer: Pick<SignerGateway, 'create' | 'cancel'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  readiness: EscrowReadiness;
  ledger: Pick<LedgerGateway, 'rlusdLine'>;
  rlusd: TokenIssue;
  clock: Clock;
}

const signingOf = ({ uuid, signUrl, qrPngUrl, expiresAt }: OpenedSigningRequest): OrderSigning => ({
  uuid,
  signUrl,
  qrPngUrl,
  expiresAt,
});

/**
 * Spec part 2 "Escrow creation" step 1: the wallet request for the buyer to sign this order's EscrowCreate. One per
 * order: asking again returns the same request while it is open. The escrow's terms come from the order, never from
 * the browser; the readiness and balance checks run again, as time has passed since checkout.
 */
export async function requestEscrowSigning(
  userId: string,
  orderId: string,
  deps: EscrowSigningDeps,
): Promise<OrderSigning & { orderId: string }> {
  const order = await buyersOrder(deps.orders, userId, orderId);
  if (order.status !== 'awaiting_signature') throw notAwaiting(order);
  const at = deps.clock.now();
  if (order.signing) {
    if (Date.parse(order.signing.expiresAt) > at.getTime()) return { ...order.signing, orderId };
    throw new AppError('invalid_state', 'signing_expired', 'Transaction signing timed out. Please try again.');
  }
  if (Date.parse(order.reservationExpiresAt) <= at.getTime()) {
    throw new AppError(
      'invalid_state',
      'reservation_expired',
      'This checkout has expired. Check out again to buy these items.',
    );
  }
  const minutes = signingMinutes(order, at);
  const problem = await deps.readiness.check(order.escrow.buyerAddress, [order.escrow.sellerAddress]);
  if (problem) throw escrowUnavailable(problem);
  const balance = (await deps.ledger.rlusdLine(order.escrow.buyerAddress))?.balanceCents ?? 0;
  if (balance < order.totalCents) {
    throw new AppError(
      'invalid_state',
      'insufficient_balance',
      `Insufficient balance. You need ${formatUsd(order.totalCents - balance)} more to complete this purchase.`,
    );
  }

  const opened = await openSigningRequest(
    {
      purpose: 'escrow-create',
      subjectId: order.orderId,
      txjson: escrowCreateTx(order, deps.rlusd),
      expireMinutes: minutes,
      instruction: escrowInstruction(order),
      identifier: `order-${order.orderId}`,
      at,
      attach: (r) => {
        const holdUntil = Math.max(Date.parse(order.reservationExpiresAt), Date.parse(r.expiresAt) + SIGNING_GRACE_MS);
        return deps.orders.setSigning(order.orderId, signingOf(r), new Date(holdUntil).toISOString());
      },
    },
    deps,
  );
  if (!opened.attached) {
    // Another request for this order won the race: keep theirs, withdraw ours.
    await deps.signer.cancel(opened.uuid);
    const winner = await deps.orders.get(order.orderId);
    if (winner?.signing && winner.status === 'awaiting_signature') return { ...winner.signing, orderId };
    throw notAwaiting(winner ?? order);
  }
  return { ...signingOf(opened), orderId };
}
