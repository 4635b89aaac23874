import type { SEND_STATUSES } from '../../../shared/api/sends';
import { centsToDecimalString, type Cents, type Drops } from '../../../shared/domain/money';
import type { TokenIssue } from '../orders/escrow-create';
import type { TxJson } from '../signing/ports';

/** Send Funds (decision 060): a Payment from the user's own wallet, signed in Xaman, checked, then submitted. */

export type SendAmount = { currency: 'RLUSD'; cents: Cents } | { currency: 'XRP'; drops: Drops };

export type SendStatus = (typeof SEND_STATUSES)[number];

/** The ends a send reaches from 'signing' or 'submitting'; only 'sent' moved funds. */
export type SendEnd =
  | { status: 'sent'; txHash: string; ledgerIndex: number }
  | { status: 'failed'; failure: string }
  | { status: 'cancelled' | 'expired' };

export interface SendRecord {
  sendId: string;
  senderId: string;
  /** The wallet the Payment is from, as it was when the send was asked for. */
  senderAddress: string;
  amount: SendAmount;
  destination: string;
  destinationTag: number | null;
  status: SendStatus;
  /** Its wallet request. */
  signing: { uuid: string; signUrl: string; qrPngUrl: string; expiresAt: string };
  /** The signed Payment's hash, recorded before it is submitted. */
  txHash: string | null;
  ledgerIndex: number | null;
  failure: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Sends in the table; every change of status is conditional on the status it leaves, so it happens once. */
export interface SendStore {
  create(send: SendRecord): Promise<void>;
  get(sendId: string): Promise<SendRecord | null>;
  /** signing -> submitting with the signed Payment's hash; false when it had moved on. */
  startSubmitting(sendId: string, txHash: string, at: string): Promise<boolean>;
  /** `from` -> the end; false when it was no longer in `from`. */
  finish(sendId: string, from: 'signing' | 'submitting', end: SendEnd, at: string): Promise<boolean>;
}

/** The one Payment a send asks the wallet to sign: exactly the amount, to exactly the destination (and tag). */
export function sendPaymentTx(
  send: Pick<SendRecord, 'senderAddress' | 'amount' | 'destination' | 'destinationTag'>,
  rlusd: TokenIssue,
): TxJson {
  return {
    TransactionType: 'Payment',
    Account: send.senderAddress,
    Destination: send.destination,
    Amount:
      send.amount.currency === 'XRP'
        ? send.amount.drops
        : { currency: rlusd.currency, issuer: rlusd.issuer, value: centsToDecimalString(send.amount.cents) },
    ...(send.destinationTag !== null && { DestinationTag: send.destinationTag }),
  };
}
