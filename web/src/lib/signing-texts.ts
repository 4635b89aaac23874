/**
 * The spec's texts for a wallet request that ended without a signature (spec part 2 "Escrow creation" outcomes), shared
 * by escrow signing, the platform fee, a return's refund, the seller's RLUSD trust line and Send Funds.
 */
export const SIGNING_TEXTS = {
  cancelled: 'Transaction Cancelled',
  expired: 'Transaction Expired',
  timeout: ['Transaction Timeout', 'Transaction signing timed out. Please try again.'],
} as const;

/** A flow's own words around its wallet request in the signing dialog. */
export interface SigningTexts {
  qrAlt: string;
  /** Under the QR code, above the link. */
  scan?: string;
  /** While the signature is awaited. */
  waiting?: string;
  /** Once signed, while the ledger takes it. */
  signed?: string;
  /** The note that says when the request expires. */
  expiry?(time: string): string;
}

const rejectToCancel = (time: string) => `To cancel, reject the request in Xaman. It expires at ${time}.`;

/** Each flow's texts in the signing dialog. */
export const SIGNING_DIALOG_TEXTS = {
  signIn: {
    qrAlt: 'QR code to connect your wallet with Xaman',
    scan: 'Open Xaman app and scan this QR code to connect your wallet',
  },
  escrow: {
    qrAlt: 'QR code to approve the escrow with Xaman',
    waiting: 'Waiting for your approval in Xaman...',
    signed: 'Signed. Creating the escrow on the ledger...',
    expiry: (time) => `The request expires at ${time}.`,
  },
  platformFee: {
    qrAlt: 'QR code to pay the platform fee with Xaman',
    waiting: 'Waiting for your payment in Xaman...',
    signed: 'Signed. Confirming the payment on the ledger...',
    expiry: rejectToCancel,
  },
  returnRefund: {
    qrAlt: 'QR code to refund the buyer with Xaman',
    waiting: 'Waiting for your payment in Xaman...',
    signed: 'Signed. Confirming the refund on the ledger...',
    expiry: rejectToCancel,
  },
  sendFunds: {
    qrAlt: 'QR code to send funds with Xaman',
    waiting: 'Waiting for your payment in Xaman...',
    signed: 'Signed. Confirming the payment on the ledger...',
    expiry: rejectToCancel,
  },
  trustLine: {
    qrAlt: 'QR code to add the RLUSD trust line with Xaman',
    waiting: 'Waiting for your signature in Xaman...',
    signed: 'Signed. Adding the trust line on the ledger...',
    expiry: rejectToCancel,
  },
} as const satisfies Record<string, SigningTexts>;
