import type { GetWalletBalancesDeps } from '../core/wallet/get-wallet-balances';
import { loadLedger } from '../adapters/load-ledger';
import { ledgerConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { accounts } from './auth';
import type { TrustLineDeps } from '../core/wallet/trust-line';
import { accountStore } from '../adapters/db/account-store';
import { db } from '../adapters/db/service';
import { openSigningDeps } from './signing';

export function getWalletBalancesDeps(log: Pick<Logger, 'warn'>): GetWalletBalancesDeps {
  const c = ledgerConfig();
  return {
    accounts: accounts(),
    balances: async (walletAddress) => (await loadLedger()).balances(walletAddress),
    rlusdIssuer: c.RLUSD_ISSUER,
    network: c.XRPL_NETWORK,
    ledgerUrl: c.XRPL_URL,
    warn: (message, error) => log.warn(message, { error }),
  };
}

/** A seller's RLUSD trust line: whether it exists, the TrustSet to sign, and its settlement. */
export async function trustLineDeps(log: Pick<Logger, 'warn'>): Promise<TrustLineDeps> {
  const l = await loadLedger();
  return { ...openSigningDeps(), users: accountStore(db()), ledger: l, rlusd: l.rlusd, log };
}

export const getRlusdTrustLineDeps = trustLineDeps;
export const requestRlusdTrustLineDeps = trustLineDeps;
