import type { NetworkSettings } from '../../../shared/api/admin-network';
import type { LedgerEndpoints } from './ports';

/**
 * The network ids the public networks' nodes report in server_info (rippled's [network_id]: mainnet 0, testnet 1). A
 * local stand-in may have any, so a local deployment checks none; a node that reports none is never refused.
 */
const NETWORK_IDS: Readonly<Record<string, number>> = { mainnet: 0, testnet: 1 };

/**
 * How every function dials the ledger (decision 072): the primary, then the backups when backup nodes are on, each
 * attempt and request within the saved timeout, retried on the next endpoint up to max retries times.
 */
export function ledgerEndpointsOf(settings: NetworkSettings, deploymentNetwork: string): LedgerEndpoints {
  const timeoutMs = settings.connectionTimeoutSeconds * 1000;
  const networkId = NETWORK_IDS[deploymentNetwork];
  return {
    urls: settings.enableBackupNodes ? settings.rpcUrls : settings.rpcUrls.slice(0, 1),
    connectTimeoutMs: timeoutMs,
    requestTimeoutMs: timeoutMs,
    maxRetries: settings.maxRetries,
    ...(networkId !== undefined && { networkId }),
  };
}
