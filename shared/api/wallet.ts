import * as z from 'zod/mini';
import { defineContract } from './contract';

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
