import * as z from 'zod/mini';
import { defineContract } from './contract';

/** The wallet page's balances (spec part 3 /wallet). */

export const walletBalanceSchema = z.object({
  /** 'XRP', 'RLUSD' or another currency code. */
  currency: z.string(),
  /** The ledger's exact decimal text (XRP in XRP, not drops). */
  value: z.string(),
  /** RLUSD in cents, truncated; null for other currencies. */
  cents: z.nullable(z.number().check(z.int())),
  /** Issuer of a token; null for XRP. */
  issuer: z.nullable(z.string()),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const getWalletBalances = defineContract({
  method: 'GET',
  path: '/api/wallet/balances',
  response: z.object({
    walletAddress: z.string(),
    balances: z.array(walletBalanceSchema),
    /** The account on the explorer of the configured network (the local node serves its own). */
    explorerUrl: z.string(),
  }),
});

/**
 * A seller's RLUSD trust line: the escrow pays out to it, so selling asks for one (a TrustSet signed in the wallet)
 * when the wallet has none: setting it up is what turns on selling.
 */
export const getRlusdTrustLine = defineContract({
  method: 'GET',
  path: '/api/me/rlusd-trust-line',
  response: z.object({ hasLine: z.boolean() }),
});

export const requestRlusdTrustLine = defineContract({
  method: 'POST',
  path: '/api/me/rlusd-trust-line',
  body: z.strictObject({}),
  response: z.discriminatedUnion('status', [
    z.object({ status: z.literal('exists') }),
    z.object({
      status: z.literal('signing'),
      uuid: z.string(),
      signUrl: z.string(),
      qrPngUrl: z.string(),
      expiresAt: z.string(),
      /** The request's socket topic (signing:<uuid>); the line shows in the wallet once the ledger validates it. */
      topic: z.string(),
    }),
  ]),
});
