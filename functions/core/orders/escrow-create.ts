import { createHash } from 'node:crypto';
import { centsToDecimalString, type Cents } from '../../../shared/domain/money';
import type { TxJson } from '../signing/ports';
import type { OrderRecord } from './order';

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01T00:00:00Z). */
const RIPPLE_EPOCH_OFFSET = 946_684_800;

export function rippleTime(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000) - RIPPLE_EPOCH_OFFSET;
}

export interface CryptoCondition {
  /** PREIMAGE-SHA-256 condition (what the ledger stores), uppercase hex. */
  condition: string;
  /** The matching fulfillment (what finishing the escrow needs), uppercase hex. */
  fulfillment: string;
}

/**
 * A PREIMAGE-SHA-256 crypto-condition for a 32-byte preimage (RFC draft-thomas-crypto-conditions, as XRPL escrows use
 * it): condition A0 25 80 20 <sha256(preimage)> 81 01 20, fulfillment A0 22 80 20 <preimage>.
 */
export function preimageCondition(preimage: Uint8Array): CryptoCondition {
  if (preimage.length !== 32) throw new RangeError('The preimage must be 32 bytes');
  const digest = createHash('sha256').update(preimage).digest('hex');
  const hex = Buffer.from(preimage).toString('hex');
  return {
    condition: `A0258020${digest}810120`.toUpperCase(),
    fulfillment: `A0228020${hex}`.toUpperCase(),
  };
}

export const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();

/** The memo that ties an escrow to its order on the ledger. */
export const ORDER_MEMO_TYPE = hexOf('marketplace/order');

export interface TokenIssue {
  currency: string;
  issuer: string;
}

/** A conditional RLUSD escrow's terms: who locks, who receives, how much, the condition and the ledger's refund time. */
export interface RlusdEscrowTerms {
  account: string;
  destination: string;
  cents: Cents;
  condition: string;
  /** ISO-8601 UTC. */
  cancelAfter: string;
  memo: { type: string; data: string };
}

/**
 * A conditional RLUSD escrow (a token escrow, XLS-85): the amount through the one money conversion, our condition and
 * the ledger's own refund time (CancelAfter). Orders and the admin escrow test (decision 070) both make it here.
 */
export function rlusdEscrowCreateTx(terms: RlusdEscrowTerms, rlusd: TokenIssue): TxJson {
  return {
    TransactionType: 'EscrowCreate',
    Account: terms.account,
    Destination: terms.destination,
    Amount: { currency: rlusd.currency, issuer: rlusd.issuer, value: centsToDecimalString(terms.cents) },
    Condition: terms.condition,
    CancelAfter: rippleTime(terms.cancelAfter),
    Memos: [{ Memo: { MemoType: terms.memo.type, MemoData: terms.memo.data } }],
  };
}

/** The EscrowFinish that releases a conditional escrow with its fulfillment (anyone may submit it). */
export function escrowFinishTx(owner: string, sequence: number, condition: string, fulfillment: string): TxJson {
  return {
    TransactionType: 'EscrowFinish',
    Owner: owner,
    OfferSequence: sequence,
    Condition: condition,
    Fulfillment: fulfillment,
  };
}

/**
 * The EscrowCreate the buyer signs: buyer to seller, the order's total in RLUSD (a token escrow), our condition, the
 * ledger's own refund time (CancelAfter), and the order id in a memo. Exactly these fields are checked on the signed
 * blob before it is submitted.
 */
export function escrowCreateTx(
  order: Pick<OrderRecord, 'orderId' | 'totalCents' | 'escrow'>,
  rlusd: TokenIssue,
): TxJson {
  return rlusdEscrowCreateTx(
    {
      account: order.escrow.buyerAddress,
      destination: order.escrow.sellerAddress,
      cents: order.totalCents,
      condition: order.escrow.condition,
      cancelAfter: order.escrow.cancelAfter,
      memo: { type: ORDER_MEMO_TYPE, data: hexOf(order.orderId) },
    },
    rlusd,
  );
}

/**
 * The account sequence that names the escrow a verified EscrowCreate makes, or undefined when it is signed with a
 * TicketSequence (Sequence 0): the ledger then keys the escrow by the ticket, while we record Sequence and finish or
 * cancel by it (OfferSequence), so such a blob is refused before it is submitted (docs/decisions/023).
 */
export function escrowSequenceOf(tx: Record<string, unknown>): number | undefined {
  const sequence = tx.Sequence;
  if (tx.TicketSequence !== undefined || typeof sequence !== 'number' || !Number.isSafeInteger(sequence))
    return undefined;
  return sequence > 0 ? sequence : undefined;
}
