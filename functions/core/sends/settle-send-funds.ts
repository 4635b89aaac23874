import type { Clock } from '../clock/clock';
import type { LedgerGateway, SubmitOutcome } from '../ledger/ports';
import type { TokenIssue } from '../orders/escrow-create';
import type { SignerGateway } from '../signing/ports';
import type { SigningRequestRecord } from '../signing/requests';
import { sendPaymentTx, type SendEnd, type SendStore } from './sends';

export interface SettleSendDeps {
  sends: SendStore;
  signer: Pick<SignerGateway, 'get'>;
  ledger: Pick<LedgerGateway, 'verifySignedBlob' | 'submitAndWait'>;
  rlusd: TokenIssue;
  clock: Clock;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

export const NOT_THE_PAYMENT = 'The signed transaction was not the payment asked for, so it was not submitted.';

/** What the person reads for a result code the ledger gave (the common ones; any other is named). */
const LEDGER_FAILURES: Record<string, string> = {
  tecUNFUNDED_PAYMENT: 'Your balance was too low for this payment when it reached the ledger.',
  tecPATH_DRY: 'The destination could not receive this RLUSD (no trust line, frozen, or full).',
  tecPATH_PARTIAL: 'The destination could not receive all of this RLUSD.',
  tecNO_DST: 'The destination account does not exist.',
  tecNO_DST_INSUF_XRP: 'The destination account does not exist, and too little XRP was sent to create it.',
  tecDST_TAG_NEEDED: 'The destination account requires a destination tag.',
  tecNO_PERMISSION: 'The destination account does not accept payments from you.',
};

/** Why a submitted send did not move funds, for the person. */
export function sendFailure(outcome: Exclude<SubmitOutcome, { status: 'success' | 'timeout' }>): string {
  if (outcome.status === 'expired') return 'The payment did not reach a ledger in time; nothing was sent.';
  const known = LEDGER_FAILURES[outcome.code];
  if (outcome.status === 'failed') {
    return `${known ?? `The ledger did not apply the payment (${outcome.code}).`} Only the network fee was charged.`;
  }
  return `${known ?? `The ledger refused the payment (${outcome.code}).`} Nothing was sent.`;
}

/**
 * A resolved send request (decision 060). Rejected, expired or timed out: the send ends so. Signed: the blob is read
 * from the wallet service, checked to be exactly the Payment asked for (as every signed blob is), its hash recorded
 * before it is submitted, and the send ends with the validated result. Running twice resubmits the same blob and
 * learns the same outcome; a timeout throws so the check runs again.
 */
export async function settleSendFunds(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: SettleSendDeps,
): Promise<void> {
  if (record.purpose !== 'send-funds' || !record.subjectId || record.status === 'pending') return;
  const send = await deps.sends.get(record.subjectId);
  if (!send || send.signing.uuid !== record.uuid) return;
  const at = () => deps.clock.now().toISOString();
  if (record.status !== 'signed') {
    const end: SendEnd = { status: record.status === 'cancelled' ? 'cancelled' : 'expired' };
    if (send.status === 'signing') await deps.sends.finish(send.sendId, 'signing', end, at());
    return;
  }
  if (send.status !== 'signing' && send.status !== 'submitting') return;
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  if (send.status === 'signing') {
    const verdict = await deps.ledger.verifySignedBlob(blob, sendPaymentTx(send, deps.rlusd));
    if (!verdict.ok) {
      deps.log.warn('signed send refused', { sendId: send.sendId, reason: verdict.reason });
      await deps.sends.finish(send.sendId, 'signing', { status: 'failed', failure: NOT_THE_PAYMENT }, at());
      return;
    }
    if (!(await deps.sends.startSubmitting(send.sendId, verdict.txid, at()))) return;
  }
  const outcome = await deps.ledger.submitAndWait(blob, { timeoutMs: 20_000, pollMs: 250 });
  if (outcome.status === 'timeout') throw new Error(`send ${send.sendId} (${outcome.txid}) not validated yet`);
  const end: SendEnd =
    outcome.status === 'success'
      ? { status: 'sent', txHash: outcome.txid, ledgerIndex: outcome.ledgerIndex }
      : { status: 'failed', failure: sendFailure(outcome) };
  if (end.status === 'failed') deps.log.warn('send did not apply', { sendId: send.sendId, ...outcome });
  await deps.sends.finish(send.sendId, 'submitting', end, at());
}
