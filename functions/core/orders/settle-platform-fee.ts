import type { SigningRequestRecord } from '../signing/requests';
import { feePaymentTx, type FeeDeps } from './platform-fee';

/**
 * A signed fee payment: read from the wallet service, checked to be exactly the Payment asked for, its hash recorded,
 * submitted, and the fee marked paid only from a validated tesSUCCESS. A payment that did not apply is forgotten so
 * the seller can pay again ('Platform fee payment was cancelled or expired' on the page).
 */
export async function settlePlatformFee(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: FeeDeps,
): Promise<void> {
  if (record.purpose !== 'platform-fee' || record.status !== 'signed' || !record.subjectId) return;
  const order = await deps.orders.get(record.subjectId);
  if (!order?.fee || order.fee.signing?.uuid !== record.uuid || order.fee.paidAt) return;
  // The wallet service keeps the signed blob: a retry reads the same one again.
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  if (!order.fee.txid) {
    const verdict = await deps.ledger.verifySignedBlob(
      blob,
      feePaymentTx(order, order.fee, deps.platformAddress, deps.rlusd),
    );
    if (!verdict.ok) {
      deps.log.warn('signed platform fee refused', { orderId: order.orderId, reason: verdict.reason });
      return;
    }
    if (!(await deps.orders.recordFeeTx(order.orderId, verdict.txid))) return;
  }
  const outcome = await deps.ledger.submitAndWait(blob, { timeoutMs: 20_000, pollMs: 250 });
  const at = deps.clock.now();
  if (outcome.status === 'success') {
    if (await deps.orders.markFeePaid(order.orderId, outcome.txid, at.toISOString())) {
      await deps.events.feeChanged(order, at);
    }
  } else if (outcome.status === 'timeout') {
    throw new Error(`platform fee ${outcome.txid} of order ${order.orderId} not validated yet`);
  } else {
    deps.log.warn('platform fee did not apply', { orderId: order.orderId, ...outcome });
    if (await deps.orders.clearFeeTx(order.orderId, outcome.txid)) await deps.events.feeChanged(order, at);
  }
}
