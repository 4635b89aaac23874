import { ConnectionError, decode, hashes } from 'xrpl';
import type { LedgerAmount, SubmitOutcome } from '../../core/ledger/ports';
import { rippledErrorCode, type LedgerConnection } from './connection';

export interface SubmitOptions {
  /** Give up following the transaction after this long (the outcome is then `timeout`). Default 20 s. */
  timeoutMs?: number;
  /** Pause between looks at the ledger. Default 1 s (about one ledger close on the stand-in, a third on XRPL). */
  pollMs?: number;
}

/**
 * What `tx` answers that the outcome is read from. Never the transaction's Amount / DeliverMax: that is the most a
 * Payment may deliver (partial payments deliver less); the delivered value is meta.delivered_amount only.
 */
interface TxLookup {
  validated?: boolean;
  ledger_index?: number;
  meta?: { TransactionResult?: string; delivered_amount?: unknown };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The transaction by hash as the node knows it, or null when it knows nothing of it (yet). */
async function lookup(connection: LedgerConnection, txid: string): Promise<TxLookup | null> {
  try {
    return await connection.request<TxLookup>('tx', { transaction: txid });
  } catch (error) {
    if (rippledErrorCode(error) === 'txnNotFound') return null;
    throw error;
  }
}

async function validatedLedgerIndex(connection: LedgerConnection): Promise<number> {
  const { ledger_index } = await connection.request<{ ledger_index: number }>('ledger', { ledger_index: 'validated' });
  return ledger_index;
}

/** An XRP drops string or an issued amount; null for anything else ('unavailable' for very old ledgers included). */
export function toLedgerAmount(amount: unknown): LedgerAmount | null {
  if (typeof amount === 'string' && /^\d+$/.test(amount)) return { xrp: amount };
  if (typeof amount === 'object' && amount !== null) {
    const { currency, issuer, value } = amount as Record<string, unknown>;
    if (typeof currency === 'string' && typeof issuer === 'string' && typeof value === 'string') {
      return { currency, issuer, value };
    }
  }
  return null;
}

function finalOutcome(txid: string, found: TxLookup): SubmitOutcome {
  const code = found.meta?.TransactionResult ?? 'unknown';
  const ledgerIndex = found.ledger_index ?? 0;
  if (code === 'tesSUCCESS') {
    return { status: 'success', txid, ledgerIndex, deliveredAmount: toLedgerAmount(found.meta?.delivered_amount) };
  }
  return { status: 'failed', code, txid, ledgerIndex };
}

/** ter (retry) and tel (local) results: not applied now, but a node may still apply the transaction later. */
const mayStillApply = (code: string) => /^(ter|tel)/.test(code);

/**
 * Submits a signed blob and follows it by hash until a validated ledger holds it, the validated ledger passes its
 * LastLedgerSequence (then nothing can include it any more), or the timeout. Results from `submit` are provisional
 * (xrpl.org, reliable transaction submission), except tem (malformed: never valid) and tef (cannot apply), for which
 * the node is asked once whether the transaction is already in a ledger (a resubmission answers tefPAST_SEQ).
 * Once submitted, a lost connection only delays the answer: the outcome is then `timeout`, with the txid to look up.
 */
export async function submitAndWait(
  connection: LedgerConnection,
  blob: string,
  options: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const pollMs = options.pollMs ?? 1_000;
  const deadline = Date.now() + timeoutMs;
  let tx: Record<string, unknown>;
  let txid: string;
  try {
    tx = decode(blob) as Record<string, unknown>;
    txid = hashes.hashSignedTx(blob);
  } catch (error) {
    throw new Error(`Not a signed transaction: ${(error as Error).message}`);
  }
  const lastLedger = typeof tx.LastLedgerSequence === 'number' ? tx.LastLedgerSequence : undefined;

  let code: string;
  let message: string;
  try {
    const r = await connection.request<{ engine_result: string; engine_result_message: string }>('submit', {
      tx_blob: blob,
    });
    code = r.engine_result;
    message = r.engine_result_message;
  } catch (error) {
    // Refused before the engine ran (undecodable, bad signature): nothing was applied.
    const rpc = rippledErrorCode(error);
    if (rpc) return { status: 'rejected', code: rpc, message: (error as Error).message, txid };
    throw error;
  }
  if (code.startsWith('tem')) return { status: 'rejected', code, message, txid };
  if (code.startsWith('tef')) {
    const found = await lookup(connection, txid);
    if (!found) return { status: 'rejected', code, message, txid };
    if (found.validated) return finalOutcome(txid, found);
  }

  for (;;) {
    try {
      const found = await lookup(connection, txid);
      if (found?.validated) return finalOutcome(txid, found);
      if (lastLedger !== undefined && (await validatedLedgerIndex(connection)) > lastLedger) {
        // It may have been validated between the two reads.
        const again = await lookup(connection, txid);
        if (again?.validated) return finalOutcome(txid, again);
        if (mayStillApply(code)) return { status: 'rejected', code, message, txid };
        return { status: 'expired', txid, lastLedgerSequence: lastLedger };
      }
    } catch (error) {
      // The blob is submitted: losing the node now must not lose its txid. Keep looking until the deadline.
      if (!(error instanceof ConnectionError)) throw error;
    }
    const left = deadline - Date.now();
    if (left <= 0) return { status: 'timeout', txid, preliminaryCode: code };
    await sleep(Math.min(pollMs, left));
  }
}
