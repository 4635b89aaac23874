/** What a wallet signing request is for: sign-in, escrow, platform fee, trust line, return refund, send funds. */
export const SIGNING_PURPOSES = [
  'sign-in',
  'escrow-create',
  'trust-line',
  'platform-fee',
  'return-refund',
  'send-funds',
] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];
