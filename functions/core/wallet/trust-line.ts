import { NotFoundError } from '../../lib/errors';
import type { UserRecord } from '../auth/ports';
import type { Clock } from '../clock/clock';
import type { LedgerGateway } from '../ledger/ports';
import type { TokenIssue } from '../orders/escrow-create';
import type { SignerGateway, TxJson } from '../signing/ports';
import type { SigningQueue, SigningRequestStore } from '../signing/requests';

/** How much RLUSD a seller's line accepts: enough for any sale. */
export const TRUST_LINE_LIMIT = '1000000000';
/** tfSetNoRipple: a holder's line should not ripple (the usual setting for an account that is not an issuer). */
const TF_SET_NO_RIPPLE = 0x00020000;
/** A trust line's wallet request lapses after 5 minutes. */
export const TRUST_LINE_EXPIRE_MINUTES = 5;

export interface TrustLineDeps {
  users: { user(userId: string): Promise<UserRecord | null> };
  ledger: Pick<LedgerGateway, 'rlusdLine' | 'verifySignedBlob' | 'submitAndWait'>;
  signer: Pick<SignerGateway, 'create' | 'get'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  rlusd: TokenIssue;
  clock: Clock;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

/** The TrustSet the wallet is asked to sign: its own line to RLUSD's issuer. */
export function trustSetTx(address: string, rlusd: TokenIssue): TxJson {
  return {
    TransactionType: 'TrustSet',
    Account: address,
    LimitAmount: { currency: rlusd.currency, issuer: rlusd.issuer, value: TRUST_LINE_LIMIT },
    Flags: TF_SET_NO_RIPPLE,
  };
}

export async function walletOf(userId: string, deps: Pick<TrustLineDeps, 'users'>): Promise<string> {
  const user = await deps.users.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  return user.walletAddress;
}
