/** What a wallet signing request is for: signing in, paying an order into escrow, or adding an RLUSD trust line. */
export const SIGNING_PURPOSES = [
  'sign-in',
  'escrow-create',
  'trust-line',
  'platform-fee',
  'return-refund',
  'send-funds',
] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];
