/**
 * The seam between the ledger stand-in's transaction engine (engine/) and its node (server, ledgers, streams,
 * persistence, faucet). The engine is synchronous and knows nothing of sockets, timers or files; the node owns the
 * ledger sequence and time and calls the engine for every submitted blob.
 *
 * Ledger entries and transaction metadata use rippled's JSON shapes (api_version 2), because the node hands them out
 * as they are in account_objects, ledger_entry-like answers and tx / account_tx / ledger replies.
 */

/** A ledger entry as rippled renders it in JSON: `LedgerEntryType`, its fields, and `index` (64 uppercase hex). */
export type LedgerEntry = { LedgerEntryType: string; index: string } & Record<string, unknown>;

/** Amounts of XRP are strings of drops; issued amounts are { currency, issuer, value }. */
export type Amount = string | { currency: string; issuer: string; value: string };

export interface EngineRules {
  /** Base fee in drops (10 by default). */
  baseFeeDrops: number;
  /** Account reserve in drops (1 XRP = 1_000_000 by default). */
  reserveBaseDrops: number;
  /** Reserve per owned object in drops (0.2 XRP = 200_000 by default). */
  reserveIncrementDrops: number;
}

export const DEFAULT_RULES: EngineRules = {
  baseFeeDrops: 10,
  reserveBaseDrops: 1_000_000,
  reserveIncrementDrops: 200_000,
};

export interface ApplyContext {
  /** Sequence of the open ledger the transaction goes into. */
  openLedgerIndex: number;
  /**
   * Close time (Ripple epoch seconds) of the parent (last closed) ledger, already including any test clock offset.
   * Time rules (FinishAfter, CancelAfter, expirations) compare against it, as rippled does.
   */
  parentCloseTime: number;
  rules: EngineRules;
  /** Position of this transaction within its ledger, for meta.TransactionIndex. */
  transactionIndex: number;
  /** The node's network id (rippled's [network_id]; 0 when not configured), for the NetworkID field rule. */
  networkId?: number;
}

export interface TxMeta {
  TransactionIndex: number;
  TransactionResult: string;
  /** CreatedNode / ModifiedNode / DeletedNode with FinalFields / PreviousFields / NewFields, as rippled writes them. */
  AffectedNodes: Record<string, unknown>[];
  /** For Payments that delivered something (api_version 2 also reports it at the top level as meta.delivered_amount). */
  delivered_amount?: Amount | 'unavailable';
  /** Binary-meta field rippled writes only when a partial payment delivered less than Amount. */
  DeliveredAmount?: Amount;
}

export interface ApplyResult {
  engine_result: string;
  engine_result_code: number;
  engine_result_message: string;
  /** tes and tec results are included in the ledger (fee charged, sequence used); tem / tef / ter change nothing. */
  applied: boolean;
  /** The decoded transaction, as `submit` returns it (api_version 2 calls it tx_json). */
  tx_json: Record<string, unknown>;
  /** hashes.hashSignedTx of the blob, uppercase hex. */
  hash: string;
  /** Present when applied. */
  meta?: TxMeta;
  /**
   * Set when rippled refuses the blob before the transaction engine runs (bad hex, undecodable blob, bad or missing
   * signature): `submit` then answers this as an RPC error (`error`, plus `error_message` / `error_exception`)
   * instead of an engine result. `engine_result` still holds the closest tem code and `applied` is false.
   */
  rpc_error?: { error: string; error_message?: string; error_exception?: string };
}

/** The mutable state of one ledger: every entry by index. The node keeps one per closed ledger it needs plus the open one. */
export interface LedgerStateLike {
  get(index: string): LedgerEntry | undefined;
  /** All entries, for account_objects, account_lines and persistence. */
  entries(): Iterable<LedgerEntry>;
  /** An independent copy (the open ledger starts as a copy of the last closed one). */
  clone(): LedgerStateLike;
  /** A JSON-safe snapshot; `LedgerState.fromJSON` restores it. */
  toJSON(): unknown;
}
