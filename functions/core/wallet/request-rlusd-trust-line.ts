import { openSigningRequest } from '../signing/open-signing-request';
import { TRUST_LINE_EXPIRE_MINUTES, trustSetTx, walletOf, type TrustLineDeps } from './trust-line';

/** A wallet request for the TrustSet, unless the wallet already has the line. */
export async function requestRlusdTrustLine(userId: string, deps: TrustLineDeps) {
  const address = await walletOf(userId, deps);
  if ((await deps.ledger.rlusdLine(address)) !== null) return { status: 'exists' as const };
  const { uuid, signUrl, qrPngUrl, expiresAt, topic } = await openSigningRequest(
    {
      purpose: 'trust-line',
      subjectId: userId,
      txjson: trustSetTx(address, deps.rlusd),
      expireMinutes: TRUST_LINE_EXPIRE_MINUTES,
      instruction: 'Add an RLUSD trust line so buyers can pay you in RLUSD. It moves no funds.',
    },
    deps,
  );
  return { status: 'signing' as const, uuid, signUrl, qrPngUrl, expiresAt, topic };
}
