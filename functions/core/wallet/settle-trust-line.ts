import type { SigningRequestRecord } from '../signing/requests';
import { trustSetTx, walletOf, type TrustLineDeps } from './trust-line';

/**
 * A signed TrustSet is checked to be exactly the one asked for (the user's own wallet, RLUSD's issuer, the limit) and
 * submitted; the ledger is the record, so running this twice resubmits the same blob and learns the same outcome.
 */
export async function settleTrustLine(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: TrustLineDeps,
): Promise<void> {
  if (record.purpose !== 'trust-line' || record.status !== 'signed' || !record.subjectId) return;
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  const verdict = await deps.ledger.verifySignedBlob(
    blob,
    trustSetTx(await walletOf(record.subjectId, deps), deps.rlusd),
  );
  if (!verdict.ok) {
    deps.log.warn('signed trust line refused', { uuid: record.uuid, reason: verdict.reason });
    return;
  }
  const outcome = await deps.ledger.submitAndWait(blob);
  if (outcome.status === 'timeout') throw new Error(`trust line ${outcome.txid} not validated yet`);
  if (outcome.status !== 'success') deps.log.warn('trust line did not apply', { uuid: record.uuid, ...outcome });
}
