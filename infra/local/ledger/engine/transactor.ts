import { type Amount, type ApplyContext, type EngineRules } from './api';
import { type ResultCode } from './result-codes';
import { type Sandbox } from './sandbox';

/** A decoded transaction, as xrpl's `decode` returns it. */
export type Tx = Record<string, unknown> & { TransactionType: string; Account: string };

export type TxContext = {
  tx: Tx;
  account: string;
  txHash: string;
  apply: ApplyContext;
  rules: EngineRules;
  /** Signed with the account's master key (as opposed to its regular key). */
  signedWithMaster: boolean;
  /** Fee paid, in drops. */
  fee: bigint;
  /** The source's XRP before the fee was taken (rippled's mPriorBalance). */
  priorBalance: bigint;
  /** The source's XRP after the fee (rippled's mSourceBalance). */
  sourceBalance: bigint;
  /** What a Payment delivered, for meta.delivered_amount. */
  delivered?: Amount;
  /** A partial payment delivered less than Amount: meta also records DeliveredAmount. */
  partial?: boolean;
};

/**
 * One transaction type, split the way rippled's Transactor is: `preflight` (static checks, tem), `preclaim`
 * (checks against the ledger without changing it) and `doApply` (changes the sandbox; tes or tec).
 * Returning undefined means "no objection".
 */
export interface Transactor {
  /** Transaction-specific flags this type accepts (universal flags are always allowed). */
  allowedFlags: number;
  /** Drops the transaction must pay at least; defaults to the base fee. */
  minimumFee?(tx: Tx, rules: EngineRules): bigint;
  preflight?(tx: Tx): ResultCode | undefined;
  preclaim?(view: Sandbox, c: TxContext): ResultCode | undefined;
  doApply(view: Sandbox, c: TxContext): ResultCode;
}

export function str(tx: Tx, field: string): string | undefined {
  const value = tx[field];
  return typeof value === 'string' ? value : undefined;
}

export function num(tx: Tx, field: string): number | undefined {
  const value = tx[field];
  return typeof value === 'number' ? value : undefined;
}
