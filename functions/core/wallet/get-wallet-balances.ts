import type { getWalletBalances as getWalletBalancesContract } from '../../../shared/api/wallet';
import type { ResponseOf } from '../../../shared/api/contract';
import { NotFoundError, UpstreamError } from '../../lib/errors';
import type { AccountStore } from '../auth/ports';
import type { AccountBalances } from '../ledger/ports';
import { explorerAccountUrl, walletBalances, type ExplorerNetwork } from './wallet-balances';

export interface GetWalletBalancesDeps {
  accounts: Pick<AccountStore, 'user'>;
  /** The account's balances on the ledger; null when it does not exist there. */
  balances(walletAddress: string): Promise<AccountBalances | null>;
  rlusdIssuer: string;
  network: ExplorerNetwork;
  ledgerUrl: string;
  /** Why the ledger could not be read, for the logs. */
  warn(message: string, error: unknown): void;
}

/** The wallet page: the caller's wallet, its balances read from the ledger, and its page on the explorer. */
export async function getWalletBalances(
  userId: string,
  deps: GetWalletBalancesDeps,
): Promise<ResponseOf<typeof getWalletBalancesContract>> {
  const user = await deps.accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  let balances;
  try {
    balances = await deps.balances(user.walletAddress);
  } catch (error) {
    deps.warn('balance read failed', error);
    throw new UpstreamError('unavailable', 'ledger_unavailable', 'Could not read balances from the XRP Ledger');
  }
  return {
    walletAddress: user.walletAddress,
    balances: walletBalances(balances, deps.rlusdIssuer),
    explorerUrl: explorerAccountUrl(deps.network, deps.ledgerUrl, user.walletAddress),
  };
}
