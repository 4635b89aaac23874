import type { NetworkSettings, ServerInfo } from '../../../shared/api/admin-network';

export interface StoredNetworkSettings {
  settings: NetworkSettings;
  /** Counts the saves: a save is conditional on the one it read, so two racing saves can't both win. */
  version: number;
  updatedAt: string;
}

/** The XRPL network settings item (decision 064): one for the platform, absent until the first save. */
export interface NetworkSettingsStore {
  get(): Promise<StoredNetworkSettings | null>;
  /** false when another save came first (the version read is no longer the stored one). */
  save(settings: NetworkSettings, expectedVersion: number | null, at: Date): Promise<boolean>;
}

/** The settings in force as every function reads them: through a per-container cache (decision 072). */
export interface NetworkSettingsPort {
  current(): Promise<NetworkSettings>;
  /** Drops this container's copy (after its own save). */
  forget(): void;
}

/** One server_info asked of one endpoint, on a connection of its own closed after. */
export interface LedgerProbe {
  serverInfo(url: string, timeoutMs: number): Promise<ServerInfo>;
}

/** The deployment's ledger (XRPL_NETWORK, XRPL_URL). */
export interface LedgerInUse {
  network: string;
  url: string;
}

/** How the ledger connection of every function dials (decision 072), from the saved settings. */
export interface LedgerEndpoints {
  /** In the order they are tried: the primary first, then the backups (when on). */
  urls: readonly string[];
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  /** Connection attempts after a failed one, each on the next endpoint of `urls` (round again after the last). */
  maxRetries: number;
  /** The network id an endpoint must report, when the deployment's network has one: another network's is refused. */
  networkId?: number;
}
