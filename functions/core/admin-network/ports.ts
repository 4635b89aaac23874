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

/** Whether any escrow is open on the ledger now (made, being made, or being ended). */
export interface OpenEscrows {
  any(): Promise<boolean>;
}

/** One server_info asked of one endpoint, on a connection of its own closed after. */
export interface LedgerProbe {
  serverInfo(url: string, timeoutMs: number): Promise<ServerInfo>;
}

/** The ledger this deployment talks to (its configuration). */
export interface LedgerInUse {
  network: string;
  url: string;
}
