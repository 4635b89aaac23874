import { type Chain } from '../chain';

/**
 * The open ledger's fee figures as a standalone rippled's TxQ reports them (TxQ::getMetrics, TxQ::doRPC in
 * src/xrpld/app/misc/detail/TxQ.cpp). Standalone expects minimumTxnInLedgerSA = 1000 transactions per ledger, the
 * median level is never below minimumEscalationMultiplier (256 * 500), and once a ledger has closed the queue
 * holds ledgersInQueue (20) ledgers' worth. The node never queues, so the queue is always empty.
 */
export const BASE_LEVEL = 256;
const EXPECTED_PER_LEDGER = 1000;
const MEDIAN_LEVEL = BASE_LEVEL * 500;
const LEDGERS_IN_QUEUE = 20;
const QUEUE_SIZE_MIN = 2000;

export interface FeeMetrics {
  txInLedger: number;
  txPerLedger: number;
  txCount: number;
  txQMaxSize?: number;
  referenceLevel: number;
  minProcessingLevel: number;
  medianLevel: number;
  openLedgerLevel: number;
}

export function feeMetrics(chain: Chain): FeeMetrics {
  const current = chain.openTransactionCount;
  // FeeMetrics::scaleFeeLevel: past the expected size the level grows with the square of the count.
  const openLedgerLevel =
    current > EXPECTED_PER_LEDGER
      ? Math.floor((MEDIAN_LEVEL * current * current) / (EXPECTED_PER_LEDGER * EXPECTED_PER_LEDGER))
      : BASE_LEVEL;
  return {
    txInLedger: current,
    txPerLedger: EXPECTED_PER_LEDGER,
    txCount: 0,
    // maxSize_ is set by processClosedLedger, so only after this node has closed a ledger.
    txQMaxSize:
      chain.closedSinceStart > 0 ? Math.max(EXPECTED_PER_LEDGER * LEDGERS_IN_QUEUE, QUEUE_SIZE_MIN) : undefined,
    referenceLevel: BASE_LEVEL,
    minProcessingLevel: BASE_LEVEL,
    medianLevel: MEDIAN_LEVEL,
    openLedgerLevel,
  };
}

/** toDrops: a fee level in drops for a base fee (level * base / 256, rounded down). */
export function levelToDrops(level: number, baseFeeDrops: number): number {
  return Math.floor((level * baseFeeDrops) / BASE_LEVEL);
}

/** The open ledger's cost in drops, rounded up as TxQ::doRPC does. */
export function openLedgerFeeDrops(metrics: FeeMetrics, baseFeeDrops: number): number {
  const drops = levelToDrops(metrics.openLedgerLevel, baseFeeDrops);
  return baseFeeDrops > 0 && Math.floor((drops * BASE_LEVEL) / baseFeeDrops) < metrics.openLedgerLevel
    ? drops + 1
    : drops;
}
