import { centsToDecimalString, type Cents } from '../../../shared/domain/money';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { LedgerGateway } from '../ledger/ports';
import type { SignerGateway, TxJson } from '../signing/ports';
import type { SigningQueue, SigningRequestStore } from '../signing/requests';
import type { TokenIssue } from './escrow-create';
import type { LabelChoice, OrderRecord, OrderSigning, PlatformFee } from './order';

/** '2.5' -> 250 basis points, exactly (the setting has at most two decimals). */
export function basisPointsOf(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The fee on an order's total, rounded to the nearest cent (half up), in integer arithmetic. */
export function feeCents(totalCents: Cents, basisPoints: number): Cents {
  return Math.floor((totalCents * basisPoints + 5_000) / 10_000);
}

/** What the seller's one Payment carries: the fee, plus the label's cost when a label is bought with it. */
export const paymentCents = (fee: Pick<PlatformFee, 'cents' | 'label'>): Cents =>
  fee.cents + (fee.label?.costCents ?? 0);

export const sameLabel = (a: LabelChoice | null, b: LabelChoice | null) =>
  a?.serviceType === b?.serviceType && a?.costCents === b?.costCents;

const FEE_MEMO_TYPE = Buffer.from('marketplace/fee', 'utf8').toString('hex').toUpperCase();
/** A fee's wallet request lapses after 5 minutes. */
export const FEE_EXPIRE_MINUTES = 5;

/** The Payment the seller signs: the fee (and label) in RLUSD to the platform's account, the order id in a memo. */
export function feePaymentTx(
  order: OrderRecord,
  fee: Pick<PlatformFee, 'cents' | 'label'>,
  platform: string,
  rlusd: TokenIssue,
): TxJson {
  return {
    TransactionType: 'Payment',
    Account: order.escrow.sellerAddress,
    Destination: platform,
    Amount: { currency: rlusd.currency, issuer: rlusd.issuer, value: centsToDecimalString(paymentCents(fee)) },
    Memos: [
      { Memo: { MemoType: FEE_MEMO_TYPE, MemoData: Buffer.from(order.orderId, 'utf8').toString('hex').toUpperCase() } },
    ],
  };
}

export interface FeeRepository {
  get(orderId: string): Promise<OrderRecord | null>;
  /** Records the fee and its wallet request, replacing the request `previousUuid` (or none); false if it changed. */
  setFeeSigning(orderId: string, fee: PlatformFee, previousUuid: string | null): Promise<boolean>;
  /** Records the signed payment's hash before it is submitted, once. */
  recordFeeTx(orderId: string, txid: string): Promise<boolean>;
  markFeePaid(orderId: string, txid: string, at: string): Promise<boolean>;
  /** A fee that rounds to nothing is owed as paid, with no payment (the ledger refuses a zero Payment). */
  waiveFee(orderId: string, fee: PlatformFee, at: string): Promise<boolean>;
  /** Forgets a payment that did not apply (and its request), so the seller can pay again. */
  clearFeeTx(orderId: string, txid: string): Promise<boolean>;
}

export interface FeeDeps {
  orders: FeeRepository;
  signer: Pick<SignerGateway, 'create' | 'get'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  ledger: Pick<LedgerGateway, 'verifySignedBlob' | 'submitAndWait'>;
  platformAddress: string;
  rlusd: TokenIssue;
  basisPoints: number;
  events: FeeEvents;
  clock: Clock;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

export interface FeeEvents {
  /** The fee was paid, or its signed payment did not apply: the seller's pages read the order again. */
  feeChanged(order: OrderRecord, at: Date): Promise<void>;
}

/** The seller's own order; its buyer is the wrong party (403), to anyone else it does not exist (404). */
export async function sellersOpenOrder(orders: Pick<FeeRepository, 'get'>, sellerId: string, orderId: string) {
  const order = await orders.get(orderId);
  if (order && order.buyerId === sellerId) throw new ForbiddenError("Only the order's seller can do this.");
  if (!order || order.sellerId !== sellerId) throw new NotFoundError('Order not found');
  return order;
}

export const feePaid = (order: OrderRecord) => order.fee?.paidAt !== null && order.fee?.paidAt !== undefined;

/** Another request for the fee won the race to the order. */
export const FEE_CHANGED = () =>
  new AppError('invalid_state', 'fee_changed', 'The platform fee is being paid already. Try again in a moment.');

/** 'Platform Fee Required': the seller's action waits for the fee (409 with the spec's title as its message). */
export const FEE_REQUIRED = () => new AppError('invalid_state', 'platform_fee_required', 'Platform Fee Required');

export type FeeRequest =
  { status: 'paid' } | ({ status: 'signing'; cents: Cents; labelCents: Cents; percent: string } & OrderSigning);
