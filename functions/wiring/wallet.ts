import type { GetWalletBalancesDeps } from '../core/wallet/get-wallet-balances';
import { loadLedger } from '../adapters/load-ledger';
import { ledgerConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { accounts } from './auth';

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
