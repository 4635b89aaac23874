import type { SigningRequestRecord } from '../signing/requests';
import { owesRefund, returnRefundTx, type ReturnRefundDeps } from './return-refund';

/**
 * A signed refund of a return (decision 054): read from the wallet service, checked to be exactly the Payment asked
 * for, its hash recorded, submitted, and the return completed only from a validated tesSUCCESS. One that did not apply
 * is forgotten so the seller can sign again.
 */
export async function settleReturnRefund(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: ReturnRefundDeps,
): Promise<void> {
  if (record.purpose !== 'return-refund' || record.status !== 'signed' || !record.subjectId) return;
  const ret = await deps.returns.get(record.subjectId);
  if (!ret || !owesRefund(ret) || ret.refundSigning?.uuid !== record.uuid) return;
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  if (!ret.refundTxid) {
    const verdict = await deps.ledger.verifySignedBlob(blob, returnRefundTx(ret, deps.rlusd));
    if (!verdict.ok) {
      deps.log.warn('signed return refund refused', { orderId: ret.orderId, reason: verdict.reason });
      return;
    }
    if (!(await deps.returns.recordRefundTx(ret.orderId, record.uuid, verdict.txid))) return;
  }
  const outcome = await deps.ledger.submitAndWait(blob, { timeoutMs: 20_000, pollMs: 250 });
  const at = deps.clock.now();
  if (outcome.status === 'success') {
    if (await deps.returns.markRefunded(ret, outcome.txid, at.toISOString())) {
      await deps.returnEvents.returnChanged((await deps.returns.get(ret.orderId))!, at);
    }
  } else if (outcome.status === 'timeout') {
    throw new Error(`return refund ${outcome.txid} of order ${ret.orderId} not validated yet`);
  } else {
    deps.log.warn('return refund did not apply', { orderId: ret.orderId, ...outcome });
    await deps.returns.clearRefundTx(ret.orderId, outcome.txid);
  }
}
