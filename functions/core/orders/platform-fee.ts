import { centsToDecimalString, formatUsd, type Cents } from '../../../shared/domain/money';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { LedgerGateway } from '../ledger/ports';
import { SIGNING_SCHEDULE } from '../signing/poll-signing';
import type { SignerGateway, TxJson } from '../signing/ports';
import type { SigningQueue, SigningRequestRecord, SigningRequestStore } from '../signing/requests';
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

const sameLabel = (a: LabelChoice | null, b: LabelChoice | null) =>
  a?.serviceType === b?.serviceType && a?.costCents === b?.costCents;

const FEE_MEMO_TYPE = Buffer.from('marketplace/fee', 'utf8').toString('hex').toUpperCase();
const EXPIRE_MINUTES = 5;

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
  now: () => Date;
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

/** 'Platform Fee Required': the seller's action waits for the fee (409 with the spec's title as its message). */
export const FEE_REQUIRED = () => new AppError('invalid_state', 'platform_fee_required', 'Platform Fee Required');

export type FeeRequest =
  { status: 'paid' } | ({ status: 'signing'; cents: Cents; labelCents: Cents; percent: string } & OrderSigning);

/**
 * The wallet request for the seller's platform fee (spec part 2 "Escrow status": checked before the seller's action
 * takes effect). Paid once per order: a paid fee answers 'paid'; an open request for the same thing is returned
 * again. With `label` (decision 039, its cost fixed by the caller from the carrier's quote) the one Payment is the
 * fee plus the label; a request for another label, or none, replaces the open one.
 */
export async function requestPlatformFee(
  sellerId: string,
  orderId: string,
  deps: FeeDeps,
  label: LabelChoice | null = null,
): Promise<FeeRequest> {
  const order = await sellersOpenOrder(deps.orders, sellerId, orderId);
  if (feePaid(order)) return { status: 'paid' };
  if (order.status !== 'funded' && order.status !== 'shipped') {
    throw new AppError('invalid_state', 'order_not_pending', "Only a pending escrow takes the seller's actions.");
  }
  const now = deps.now();
  // The rate the fee was first asked at: a replaced request keeps its amount, so it keeps its rate.
  const percent = ((order.fee?.basisPoints ?? deps.basisPoints) / 100).toString();
  const open = order.fee?.signing && !order.fee.txid && Date.parse(order.fee.signing.expiresAt) > now.getTime();
  if (open && sameLabel(order.fee!.label, label)) {
    const labelCents = order.fee!.label?.costCents ?? 0;
    return { status: 'signing', cents: order.fee!.cents, labelCents, percent, ...order.fee!.signing! };
  }
  const cents = order.fee?.cents ?? feeCents(order.totalCents, deps.basisPoints);
  if (cents === 0 && !label) {
    const fee = { cents, basisPoints: deps.basisPoints, label, signing: null, txid: null, paidAt: now.toISOString() };
    if (!(await deps.orders.waiveFee(order.orderId, fee, fee.paidAt))) {
      throw new AppError('invalid_state', 'fee_changed', 'The platform fee is being paid already. Try again in a moment.');
    }
    return { status: 'paid' };
  }
  const what = label
    ? `the ${percent}% platform fee (${formatUsd(cents)} RLUSD) and a ${label.serviceName} label (${formatUsd(label.costCents)} RLUSD)`
    : `the ${percent}% platform fee (${formatUsd(cents)} RLUSD)`;
  const created = await deps.signer.create({
    txjson: feePaymentTx(order, { cents, label }, deps.platformAddress, deps.rlusd),
    options: { expireMinutes: EXPIRE_MINUTES },
    customMeta: { instruction: `Pay ${what} for your sale to ${order.buyerUsername}.` },
  });
  const signing: OrderSigning = {
    uuid: created.uuid,
    signUrl: created.signUrl,
    qrPngUrl: created.qrPngUrl,
    expiresAt: new Date(now.getTime() + EXPIRE_MINUTES * 60_000).toISOString(),
  };
  const fee: PlatformFee = {
    cents,
    basisPoints: order.fee?.basisPoints ?? deps.basisPoints,
    label,
    signing,
    txid: null,
    paidAt: null,
  };
  if (!(await deps.orders.setFeeSigning(order.orderId, fee, order.fee?.signing?.uuid ?? null))) {
    throw new AppError('invalid_state', 'fee_changed', 'The platform fee is being paid already. Try again in a moment.');
  }
  await deps.store.create({
    uuid: created.uuid,
    purpose: 'platform-fee',
    status: 'pending',
    clientSecretHash: '',
    subjectId: order.orderId,
    createdAt: now.toISOString(),
    expiresAt: signing.expiresAt,
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
  });
  await deps.queue.enqueue(
    { uuid: created.uuid, purpose: 'platform-fee', attempt: 1 },
    SIGNING_SCHEDULE.firstCheckDelaySeconds,
  );
  return { status: 'signing', cents, labelCents: label?.costCents ?? 0, percent, ...signing };
}

/**
 * A signed fee payment: read from the wallet service, checked to be exactly the Payment asked for, its hash recorded,
 * submitted, and the fee marked paid only from a validated tesSUCCESS. A payment that did not apply is forgotten so
 * the seller can pay again ('Platform fee payment was cancelled or expired' on the page).
 */
export async function settlePlatformFee(
  record: Pick<SigningRequestRecord, 'uuid' | 'purpose' | 'subjectId' | 'status'>,
  deps: FeeDeps,
): Promise<void> {
  if (record.purpose !== 'platform-fee' || record.status !== 'signed' || !record.subjectId) return;
  const order = await deps.orders.get(record.subjectId);
  if (!order?.fee || order.fee.signing?.uuid !== record.uuid || order.fee.paidAt) return;
  // The wallet service keeps the signed blob: a retry reads the same one again.
  const blob = (await deps.signer.get(record.uuid))?.response?.hex;
  if (!blob) return;
  if (!order.fee.txid) {
    const verdict = await deps.ledger.verifySignedBlob(
      blob,
      feePaymentTx(order, order.fee, deps.platformAddress, deps.rlusd),
    );
    if (!verdict.ok) {
      deps.log.warn('signed platform fee refused', { orderId: order.orderId, reason: verdict.reason });
      return;
    }
    if (!(await deps.orders.recordFeeTx(order.orderId, verdict.txid))) return;
  }
  const outcome = await deps.ledger.submitAndWait(blob, { timeoutMs: 20_000, pollMs: 250 });
  const at = deps.now();
  if (outcome.status === 'success') {
    if (await deps.orders.markFeePaid(order.orderId, outcome.txid, at.toISOString())) {
      await deps.events.feeChanged(order, at);
    }
  } else if (outcome.status === 'timeout') {
    throw new Error(`platform fee ${outcome.txid} of order ${order.orderId} not validated yet`);
  } else {
    deps.log.warn('platform fee did not apply', { orderId: order.orderId, ...outcome });
    if (await deps.orders.clearFeeTx(order.orderId, outcome.txid)) await deps.events.feeChanged(order, at);
  }
}
