import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  applyTransaction,
  type ApplyResult,
  type EngineRules,
  type LedgerState,
  RESULT_CODES,
  type TxMeta,
  ZERO_HASH,
} from './engine';
import { affectedAccounts } from './affected-accounts';
import { TOTAL_DROPS } from './genesis';

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01). */
const RIPPLE_EPOCH_OFFSET = 946_684_800;
/** Closed ledgers whose full state stays in memory for historical account_* queries. */
const STATE_HISTORY = 256;

export function rippleTimeToIso(rippleTime: number): string {
  return new Date((rippleTime + RIPPLE_EPOCH_OFFSET) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface LedgerHeader {
  ledger_index: number;
  ledger_hash: string;
  parent_hash: string;
  /** Ripple epoch seconds. */
  close_time: number;
  parent_close_time: number;
  total_coins: string;
  transaction_hash: string;
  /** Hashes of the ledger's transactions in application order. */
  tx_hashes: string[];
}

/** A transaction in a closed (validated) ledger. `tx_json` is the decoded transaction without `hash`. */
export interface TxRecord {
  hash: string;
  ledger_index: number;
  ledger_hash: string;
  close_time: number;
  tx_json: Record<string, unknown>;
  meta: TxMeta;
  tx_blob: string;
}

interface OpenTx {
  hash: string;
  result: ApplyResult;
  tx_blob: string;
}

export interface ClosedLedger {
  header: LedgerHeader;
  transactions: TxRecord[];
}

export interface ChainSnapshot {
  last: LedgerHeader;
  state: LedgerState;
  clockOffsetSeconds: number;
  /** Earlier closed ledgers that had transactions (empty ones are not kept across restarts). */
  history: ClosedLedger[];
}

function sha512Half(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha512');
  for (const part of parts) hash.update(part);
  return hash.digest().subarray(0, 32).toString('hex').toUpperCase();
}

/** rippled's transaction id: SHA-512Half of "TXN\0" and the signed blob. */
function txHashOf(txBlob: string): string | undefined {
  if (!/^([0-9A-Fa-f]{2})+$/.test(txBlob)) return undefined;
  return sha512Half(Buffer.from('54584E00', 'hex'), Buffer.from(txBlob, 'hex'));
}

/**
 * The node's ledgers: one open ledger that submitted transactions go into, and the closed ones. There is a single
 * node and no consensus, so a ledger is validated the moment it closes. Emits 'closed' with a ClosedLedger.
 */
export class Chain extends EventEmitter<{ closed: [ClosedLedger] }> {
  private last: LedgerHeader;
  private openState: LedgerState;
  private openTxs: OpenTx[] = [];
  private readonly states = new Map<number, LedgerState>();
  private readonly headers = new Map<number, LedgerHeader>();
  private readonly byHash = new Map<string, TxRecord>();
  private readonly byAccount = new Map<string, TxRecord[]>();
  private readonly openByHash = new Map<string, OpenTx>();
  /**
   * Transactions refused for now with a retry code (ter: terPRE_SEQ for a sequence ahead of the account's), held as
   * rippled holds them and tried again in each new open ledger until they apply or pass their LastLedgerSequence.
   */
  private readonly held = new Map<string, { blob: string; lastLedger: number | undefined }>();
  private clockOffsetSeconds: number;
  private closes = 0;
  /** The node's network id (0 unless configured), for the engine's NetworkID rule. */
  networkId = 0;

  constructor(
    snapshot: ChainSnapshot,
    readonly rules: EngineRules,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.last = snapshot.last;
    this.clockOffsetSeconds = snapshot.clockOffsetSeconds;
    this.remember(snapshot.last, snapshot.state);
    this.openState = snapshot.state.clone();
    for (const { header, transactions } of snapshot.history) {
      this.headers.set(header.ledger_index, header);
      for (const record of transactions) this.index(record);
    }
  }

  /** Ledger 1 of a new chain, closed at the current time. */
  static genesisSnapshot(state: LedgerState, now = Date.now()): ChainSnapshot {
    const closeTime = Math.floor(now / 1000) - RIPPLE_EPOCH_OFFSET;
    const header: LedgerHeader = {
      ledger_index: 1,
      ledger_hash: '',
      parent_hash: ZERO_HASH,
      close_time: closeTime,
      parent_close_time: 0,
      total_coins: TOTAL_DROPS.toString(),
      transaction_hash: ZERO_HASH,
      tx_hashes: [],
    };
    header.ledger_hash = headerHash(header);
    return { last: header, state, clockOffsetSeconds: 0, history: [] };
  }

  get lastClosed(): LedgerHeader {
    return this.last;
  }

  get openIndex(): number {
    return this.last.ledger_index + 1;
  }

  /** Ledgers this node has closed since it started (rippled's TxQ sizes its queue after the first). */
  get closedSinceStart(): number {
    return this.closes;
  }

  get openTransactionCount(): number {
    return this.openTxs.length;
  }

  /** The oldest closed ledger whose header is still known (complete_ledgers starts there). */
  get firstKnown(): number {
    return Math.min(...this.headers.keys());
  }

  get clockOffset(): number {
    return this.clockOffsetSeconds;
  }

  /** The ledger's idea of now (Ripple epoch seconds), including the test clock offset. */
  rippleNow(): number {
    return Math.floor(this.now() / 1000) - RIPPLE_EPOCH_OFFSET + this.clockOffsetSeconds;
  }

  /**
   * Test clock: the next close time is at least `seconds` after the last one. Fast closes push close times ahead of
   * the wall clock (each is at least parent + 1 s), so the offset first catches up with the last close time;
   * otherwise a FinishAfter of "last close + seconds" would still not have passed after advancing `seconds`.
   */
  advanceClock(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0) throw new Error('advanceClock takes a whole, non-negative number');
    const ahead = this.last.close_time - this.rippleNow();
    if (ahead > 0) this.clockOffsetSeconds += ahead;
    this.clockOffsetSeconds += seconds;
  }

  openLedgerState(): LedgerState {
    return this.openState;
  }

  closedState(ledgerIndex: number): LedgerState | undefined {
    return this.states.get(ledgerIndex);
  }

  header(ledgerIndex: number): LedgerHeader | undefined {
    return this.headers.get(ledgerIndex);
  }

  headerByHash(hash: string): LedgerHeader | undefined {
    for (const header of this.headers.values()) if (header.ledger_hash === hash.toUpperCase()) return header;
    return undefined;
  }

  transaction(hash: string): { record?: TxRecord; pending?: ApplyResult } {
    const key = hash.toUpperCase();
    const record = this.byHash.get(key);
    if (record) return { record };
    const open = this.openByHash.get(key);
    return open ? { pending: open.result } : {};
  }

  /** Validated transactions that touched `account`, oldest first. */
  accountTransactions(account: string): readonly TxRecord[] {
    return this.byAccount.get(account) ?? [];
  }

  ledgerTransactions(header: LedgerHeader): TxRecord[] {
    return header.tx_hashes.map((hash) => this.byHash.get(hash)).filter((r): r is TxRecord => r !== undefined);
  }

  openTransactions(): ApplyResult[] {
    return this.openTxs.map((t) => t.result);
  }

  /** Applies a signed blob to the open ledger, as rippled's submit does. */
  submit(txBlob: string): ApplyResult {
    const hash = txHashOf(txBlob);
    // rippled answers tefALREADY for a transaction already in the open ledger; one already validated simply fails
    // its sequence check (tefPAST_SEQ) in the engine.
    const pending = hash ? this.openByHash.get(hash) : undefined;
    if (hash && pending) {
      return {
        engine_result: 'tefALREADY',
        engine_result_code: RESULT_CODES.tefALREADY.code,
        engine_result_message: RESULT_CODES.tefALREADY.message,
        applied: false,
        tx_json: { ...pending.result.tx_json, hash },
        hash,
      };
    }
    const result = this.apply(txBlob);
    if (!result.applied && result.engine_result.startsWith('ter') && result.hash) {
      const lastLedger = result.tx_json?.LastLedgerSequence;
      this.held.set(result.hash, { blob: txBlob, lastLedger: typeof lastLedger === 'number' ? lastLedger : undefined });
    }
    return result;
  }

  /** Applies a signed blob to the open ledger; an applied one joins the open ledger's transactions. */
  private apply(txBlob: string): ApplyResult {
    const result = applyTransaction(this.openState, txBlob, {
      openLedgerIndex: this.openIndex,
      parentCloseTime: this.last.close_time,
      rules: this.rules,
      transactionIndex: this.openTxs.length,
      networkId: this.networkId,
    });
    if (result.applied) {
      const open = { hash: result.hash, result, tx_blob: txBlob.toUpperCase() };
      this.openTxs.push(open);
      this.openByHash.set(result.hash, open);
    }
    return result;
  }

  /**
   * The held transactions, tried in the new open ledger (rippled's applyHeldTransactions): again while any applies,
   * so a run of sequences submitted out of order all go in; one that can no longer apply (past its
   * LastLedgerSequence, or failing with anything but a retry code) is dropped.
   */
  private applyHeld(): void {
    for (let applied = true; applied && this.held.size > 0;) {
      applied = false;
      for (const [hash, { blob, lastLedger }] of this.held) {
        if (lastLedger !== undefined && lastLedger < this.openIndex) {
          this.held.delete(hash);
          continue;
        }
        const result = this.apply(blob);
        if (result.applied) applied = true;
        if (result.applied || !result.engine_result.startsWith('ter')) this.held.delete(hash);
      }
    }
  }

  /** Closes (and so validates) the open ledger and opens the next. */
  close(): ClosedLedger {
    const closeTime = Math.max(this.last.close_time + 1, this.rippleNow());
    const fees = this.openTxs.reduce((sum, t) => sum + BigInt(t.result.tx_json.Fee as string), 0n);
    const txHashes = this.openTxs.map((t) => t.hash);
    const header: LedgerHeader = {
      ledger_index: this.openIndex,
      ledger_hash: '',
      parent_hash: this.last.ledger_hash,
      close_time: closeTime,
      parent_close_time: this.last.close_time,
      total_coins: (BigInt(this.last.total_coins) - fees).toString(),
      transaction_hash: txHashes.length ? sha512Half(...txHashes) : ZERO_HASH,
      tx_hashes: txHashes,
    };
    header.ledger_hash = headerHash(header);
    const transactions = this.openTxs.map((t): TxRecord => ({
      hash: t.hash,
      ledger_index: header.ledger_index,
      ledger_hash: header.ledger_hash,
      close_time: closeTime,
      tx_json: withoutHash(t.result.tx_json),
      meta: t.result.meta!,
      tx_blob: t.tx_blob,
    }));
    for (const record of transactions) this.index(record);
    const closedState = this.openState;
    this.remember(header, closedState);
    this.last = header;
    this.openState = closedState.clone();
    this.openTxs = [];
    this.openByHash.clear();
    this.closes += 1;
    this.applyHeld();
    const closed = { header, transactions };
    this.emit('closed', closed);
    return closed;
  }

  private remember(header: LedgerHeader, state: LedgerState): void {
    this.headers.set(header.ledger_index, header);
    this.states.set(header.ledger_index, state);
    this.states.delete(header.ledger_index - STATE_HISTORY);
  }

  private index(record: TxRecord): void {
    this.byHash.set(record.hash, record);
    for (const account of affectedAccounts(record.tx_json, record.meta)) {
      let list = this.byAccount.get(account);
      if (!list) this.byAccount.set(account, (list = []));
      list.push(record);
    }
  }
}

function withoutHash(txJson: Record<string, unknown>): Record<string, unknown> {
  const { hash: _hash, ...rest } = txJson;
  return rest;
}

/** Not rippled's header hash (that needs the state and transaction SHAMaps); unique and stable per ledger. */
function headerHash(h: LedgerHeader): string {
  return sha512Half(
    `${h.ledger_index}|${h.parent_hash}|${h.close_time}|${h.parent_close_time}|${h.total_coins}|${h.transaction_hash}`,
  );
}
