import { centsToDecimalString } from '../../../shared/domain/money';
import type { TokenIssue } from '../orders/escrow-create';
import type { SignerGateway, TxJson } from '../signing/ports';
import type { SigningQueue, SigningRequestStore } from '../signing/requests';
import type { LedgerGateway } from '../ledger/ports';
import type { ReturnDeps, ReturnRecord } from './ports';

/** The memo that names the order a refund Payment is for. */
export const RETURN_REFUND_MEMO_TYPE = Buffer.from('marketplace/return-refund', 'utf8').toString('hex').toUpperCase();

/** How long the seller's wallet request for the refund stays open. */
export const RETURN_REFUND_EXPIRE_MINUTES = 15;

export interface ReturnRefundDeps extends Pick<ReturnDeps, 'returns' | 'returnEvents' | 'clock'> {
  signer: Pick<SignerGateway, 'create' | 'get'>;
  store: SigningRequestStore;
  queue: SigningQueue;
  ledger: Pick<LedgerGateway, 'verifySignedBlob' | 'submitAndWait'>;
  rlusd: TokenIssue;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

/** The one Payment that refunds a return after release: the item price in RLUSD, the seller's account to the buyer's. */
export function returnRefundTx(ret: ReturnRecord, rlusd: TokenIssue): TxJson {
  return {
    TransactionType: 'Payment',
    Account: ret.sellerAddress,
    Destination: ret.buyerAddress,
    Amount: { currency: rlusd.currency, issuer: rlusd.issuer, value: centsToDecimalString(ret.refundCents) },
    Memos: [
      {
        Memo: {
          MemoType: RETURN_REFUND_MEMO_TYPE,
          MemoData: Buffer.from(ret.orderId, 'utf8').toString('hex').toUpperCase(),
        },
      },
    ],
  };
}

/** The stages in which the seller owes the refund: delivered back, or decided by an administrator. */
export const owesRefund = (ret: Pick<ReturnRecord, 'stage'>) =>
  ret.stage === 'refund_due' || ret.stage === 'refund_owed';
