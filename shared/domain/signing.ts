/** What a wallet signing request is for: signing in, or paying an order into escrow. */
export const SIGNING_PURPOSES = ['sign-in', 'escrow-create'] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];
