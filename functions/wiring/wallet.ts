import type { TrustLineDeps } from '../core/wallet/trust-line';
import { accountStore } from '../adapters/db/account-store';
import { db } from '../adapters/db/service';
import { loadLedger } from '../adapters/load-ledger';
import type { Logger } from '../lib/logger';
import { openSigningDeps } from './signing';

/** A seller's RLUSD trust line: whether it exists, the TrustSet to sign, and its settlement. */
export async function trustLineDeps(log: Pick<Logger, 'warn'>): Promise<TrustLineDeps> {
  const l = await loadLedger();
  return { ...openSigningDeps(), users: accountStore(db()), ledger: l, rlusd: l.rlusd, log };
}

export const getRlusdTrustLineDeps = trustLineDeps;
export const requestRlusdTrustLineDeps = trustLineDeps;
