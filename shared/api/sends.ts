import * as z from 'zod/mini';
import { isClassicAddress, MAX_DESTINATION_TAG } from '../domain/ledger-address';
import { withinAmountLimit } from './amount-limit';
import { defineContract } from './contract';

/**
 * Send Funds on /wallet (decision 060): a Payment of RLUSD or XRP from the caller's wallet, signed in Xaman. Its own
 * module, apart from the wallet's balances: the address check (xrpl's codec) loads only where a send is made.
 */
export const SEND_CURRENCIES = ['RLUSD', 'XRP'] as const;
export type SendCurrency = (typeof SEND_CURRENCIES)[number];

export const INVALID_ADDRESS = 'Enter a valid XRP Ledger address (r...)';
export const INVALID_DESTINATION_TAG = `A destination tag is a whole number from 0 to ${MAX_DESTINATION_TAG}`;

const destination = z.string().check(
  z.trim(),
  z.maxLength(64, INVALID_ADDRESS),
  z.refine((text) => isClassicAddress(text), INVALID_ADDRESS),
);
const destinationTag = z.optional(
  z
    .number()
    .check(
      z.int(INVALID_DESTINATION_TAG),
      z.minimum(0, INVALID_DESTINATION_TAG),
      z.maximum(MAX_DESTINATION_TAG, INVALID_DESTINATION_TAG),
    ),
);

export const sendFunds = defineContract({
  method: 'POST',
  path: '/api/wallet/sends',
  body: z.discriminatedUnion('currency', [
    z.strictObject({
      currency: z.literal('RLUSD'),
      /** RLUSD in cents. */
      amountCents: z.number().check(z.int(), z.positive('Enter an amount above zero'), withinAmountLimit()),
      destination,
      destinationTag,
    }),
    z.strictObject({
      currency: z.literal('XRP'),
      /** XRP in drops (1 XRP = 1,000,000 drops), as an integer string: totals exceed a safe JavaScript integer. */
      amountDrops: z.string().check(z.regex(/^[1-9]\d{0,16}$/, 'Enter an amount of XRP above zero')),
      destination,
      destinationTag,
    }),
  ]),
  response: z.object({
    sendId: z.string(),
    uuid: z.string(),
    signUrl: z.string(),
    qrPngUrl: z.string(),
    expiresAt: z.string(),
    /** The wallet request's socket topic (signing:<uuid>). */
    topic: z.string(),
  }),
});

/**
 * Where a send stands: waiting for its signature, signed and submitted, validated on the ledger (`txHash`), or ended
 * without moving funds (`failure` says why; the request rejected or expired in the wallet).
 */
export const SEND_STATUSES = ['signing', 'submitting', 'sent', 'failed', 'cancelled', 'expired'] as const;

export const sendSchema = z.object({
  id: z.string(),
  status: z.enum(SEND_STATUSES),
  currency: z.enum(SEND_CURRENCIES),
  /** RLUSD in cents; null for XRP. */
  amountCents: z.nullable(z.number().check(z.int())),
  /** XRP in drops; null for RLUSD. */
  amountDrops: z.nullable(z.string()),
  destination: z.string(),
  destinationTag: z.nullable(z.number().check(z.int())),
  /** The Payment's hash once submitted; validated when the status is 'sent'. */
  txHash: z.nullable(z.string()),
  /** The transaction on the network's explorer, once there is a hash. */
  explorerUrl: z.nullable(z.string()),
  failure: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Send = z.infer<typeof sendSchema>;

/** The caller's own send (anyone else's does not exist for them). */
export const getSend = defineContract({
  method: 'GET',
  path: '/api/wallet/sends/{sendId}',
  params: z.strictObject({ sendId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a send id')) }),
  response: sendSchema,
});
