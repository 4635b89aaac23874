import type { WalletBalance } from '../../../shared/api/wallet';
import { dropsToXrpText } from '../../../shared/domain/money';
import type { AccountBalances } from '../ledger/ports';

/**
 * The wallet page's cards: RLUSD first (the marketplace's currency, in cents too), then XRP. An account that does not
 * exist on the ledger (never funded) has no balances.
 */
export function walletBalances(balances: AccountBalances | null, rlusdIssuer: string): WalletBalance[] {
  if (!balances) return [];
  const cards: WalletBalance[] = [];
  if (balances.rlusd) {
    cards.push({
      currency: 'RLUSD',
      value: balances.rlusd.balance,
      cents: balances.rlusd.balanceCents,
      issuer: rlusdIssuer,
    });
  }
  cards.push({ currency: 'XRP', value: dropsToXrpText(balances.xrp.totalDrops), cents: null, issuer: null });
  return cards;
}

export type ExplorerNetwork = 'local' | 'testnet' | 'mainnet';

const PUBLIC_EXPLORERS: Record<Exclude<ExplorerNetwork, 'local'>, string> = {
  testnet: 'https://testnet.xrpl.org',
  mainnet: 'https://livenet.xrpl.org',
};

/** The account's explorer page: the public explorer of the network, or the local node's own (same host as its socket). */
export function explorerAccountUrl(network: ExplorerNetwork, ledgerUrl: string, address: string): string {
  return explorerUrl(network, ledgerUrl, `accounts/${address}`);
}

/** A transaction on the network's explorer (the local node serves its own). */
export function explorerTransactionUrl(network: ExplorerNetwork, ledgerUrl: string, hash: string): string {
  return explorerUrl(network, ledgerUrl, `transactions/${hash}`);
}

function explorerUrl(network: ExplorerNetwork, ledgerUrl: string, page: string): string {
  if (network !== 'local') return `${PUBLIC_EXPLORERS[network]}/${page}`;
  const url = new URL(ledgerUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = `/explorer/${page}`;
  return url.toString();
}
