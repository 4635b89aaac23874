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
