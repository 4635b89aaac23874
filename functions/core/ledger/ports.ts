import type { Cents, Drops } from '../../../shared/domain/money';

/** XRP amounts in drops, as integer strings (a total of XRP in drops exceeds a safe JavaScript integer). */
export type { Drops };

/** An amount as the ledger states it: XRP in drops, or a token's decimal value (never a float). */
export type LedgerAmount = { xrp: Drops } | { currency: string; issuer: string; value: string };

export interface XrpBalance {
  totalDrops: Drops;
  /** Base reserve plus the owner reserve of every object the account owns. */
  reserveDrops: Drops;
  /** total - reserve, never below zero: what the account can send or pay fees with. */
  spendableDrops: Drops;
}

/** What moving funds costs on the network now, from the validated ledger and the server's load. */
export interface NetworkCosts {
  /** The reserve every account keeps (and the least XRP that creates one). */
  baseReserveDrops: Drops;
  /** The reserve each object an account owns adds. */
  ownerReserveDrops: Drops;
  /** The fee a transaction pays now: the base fee scaled by the server's load factor. */
  feeDrops: Drops;
}

/** The account's trust line to the configured RLUSD issuer. */
export interface RlusdLine {
  /** Held RLUSD, truncated to the cent (display and spendable checks must never promise more than is there). */
  balanceCents: Cents;
  /** The ledger's own decimal text, for exact comparisons. */
  balance: string;
  /** How much RLUSD the account accepts to hold, truncated to the cent. */
  limitCents: Cents;
  limit: string;
  /** Frozen by the issuer or by the holder: the tokens cannot move. */
  frozen: boolean;
}

export interface AccountBalances {
  address: string;
  xrp: XrpBalance;
  /** null when the account has no RLUSD trust line. */
  rlusd: RlusdLine | null;
}

export interface AccountFlags {
  defaultRipple: boolean;
  requireDestinationTag: boolean;
  disallowXrp: boolean;
  disableMaster: boolean;
  /** XLS-85: tokens of this issuer may be locked in escrow. */
  allowTrustLineLocking: boolean;
}

export interface AccountState {
  address: string;
  sequence: number;
  balanceDrops: Drops;
  ownerCount: number;
  regularKey: string | null;
  flags: AccountFlags;
}

/**
 * What became of a submitted transaction. Only `success` and `failed` come from a validated ledger; `failed` (a tec
 * code) charged the fee and used the sequence. `rejected` (tem, tef, or a ter/tel that never made it into a ledger
 * before LastLedgerSequence) and `expired` changed nothing. `timeout` means not known yet: look again by txid.
 */
export type SubmitOutcome =
  | { status: 'success'; txid: string; ledgerIndex: number; deliveredAmount: LedgerAmount | null }
  | { status: 'failed'; code: string; txid: string; ledgerIndex: number }
  | { status: 'rejected'; code: string; message: string; txid: string }
  | { status: 'expired'; txid: string; lastLedgerSequence: number }
  | { status: 'timeout'; txid: string; preliminaryCode: string | null };

export interface EscrowEntry {
  /** The ledger object id (hashes.hashEscrow(owner, sequence)). */
  id: string;
  owner: string;
  sequence: number;
  destination: string;
  amount: LedgerAmount;
  /** PREIMAGE-SHA-256 condition, uppercase hex. */
  condition: string | null;
  /** ISO-8601 UTC (converted from Ripple epoch at the ledger edge). */
  finishAfter: string | null;
  cancelAfter: string | null;
  destinationTag: number | null;
}

/** The validated transaction that ended an escrow. */
export interface EscrowEnding {
  kind: 'finish' | 'cancel';
  txid: string;
  ledgerIndex: number;
}

/** What a signed blob proved, or why it proved nothing. */
export type BlobVerdict =
  { ok: true; account: string; txid: string; tx: Record<string, unknown> } | { ok: false; reason: string };

/** The XRP Ledger as the use cases need it; every read is of the last validated ledger. */
export interface LedgerGateway {
  /** null when the account does not exist (not funded). */
  accountState(address: string): Promise<AccountState | null>;
  /** The close time of the last validated ledger: the clock escrow times are judged by. */
  closeTime(): Promise<Date>;
  /** null when the account does not exist. */
  balances(address: string): Promise<AccountBalances | null>;
  /** The account's RLUSD trust line, or null (also when the account does not exist). */
  rlusdLine(address: string): Promise<RlusdLine | null>;
  /** Reserves and the current fee (read each time: the fee follows the load). */
  networkCosts(): Promise<NetworkCosts>;
  /** Flags of the configured RLUSD issuer; throws when the issuer account does not exist. */
  issuerFlags(): Promise<AccountFlags>;
  amendmentEnabled(name: string): Promise<boolean>;
  escrow(owner: string, sequence: number): Promise<EscrowEntry | null>;
  /** How the escrow ended (found among the owner's transactions from `fromLedger` on), or null. */
  escrowEnding(owner: string, sequence: number, fromLedger: number): Promise<EscrowEnding | null>;
  /** Submits a signed blob and follows it until a validated result, its LastLedgerSequence passes, or the timeout. */
  submitAndWait(blob: string, options?: { timeoutMs?: number; pollMs?: number }): Promise<SubmitOutcome>;
  /**
   * Checks signature, signer (the account's master key unless disabled, or its current regular key) and that every
   * field of `expected` is in the blob unchanged, with nothing added beyond what a wallet fills in.
   */
  verifySignedBlob(blob: string, expected: Record<string, unknown>): Promise<BlobVerdict>;
  /** A sign-in answer for this payload (see docs/xaman-stand-in.md for the format). */
  verifySignInBlob(blob: string, payloadUuid: string): Promise<BlobVerdict>;
}

/** A transaction prepared and signed by the platform's own account, not yet submitted. */
export interface PreparedTransaction {
  blob: string;
  txid: string;
  /** The platform account's sequence it uses. */
  sequence: number;
  /** After this validated ledger it can never apply: a retry may then prepare another. */
  lastLedgerSequence: number;
}

/** The marketplace's own XRPL account: it finishes and cancels escrows (anyone may) and receives the fees. */
export interface PlatformAccount {
  address: string;
  /** Fills in Sequence, a Fee sized for the transaction (a fulfillment costs more) and LastLedgerSequence, and signs. */
  prepare(tx: { TransactionType: string } & Record<string, unknown>): Promise<PreparedTransaction>;
}
