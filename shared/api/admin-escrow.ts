import * as z from 'zod/mini';
import { ESCROW_BUCKETS, ESCROW_FILTERS } from '../domain/escrow-monitor';
import { ORDER_STATUSES } from '../domain/order-status';
import { defineContract } from './contract';

/** The admin escrow monitor (decision 065): the latest escrows, their counts, and a stuck one's settlement again. */

const orderParams = z.strictObject({
  orderId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not an order id')),
});

export const escrowCountsSchema = z.object({
  pending: z.number(),
  held: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  stuck: z.number(),
});

export const escrowRowSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  bucket: z.enum(ESCROW_BUCKETS),
  stuck: z.boolean(),
  /** What the reconcile job found wrong with it and when (decision 065); null while it agrees with the ledger. */
  drift: z.nullable(z.object({ found: z.string(), at: z.string() })),
  /** Stuck, and running its settlement again can end it (Retry Settlement is offered). */
  retryable: z.boolean(),
  releaseHold: z.nullable(z.enum(['dispute', 'return'])),
  buyer: z.object({ id: z.string(), username: z.string() }),
  seller: z.object({ id: z.string(), username: z.string() }),
  totalCents: z.number(),
  fundedAt: z.nullable(z.string()),
  deadline: z.string(),
  transactions: z.array(
    z.object({
      kind: z.enum(['EscrowCreate', 'Payment', 'EscrowFinish', 'EscrowCancel']),
      txid: z.string(),
      explorerUrl: z.string(),
    }),
  ),
  timeline: z.array(z.object({ at: z.string(), label: z.string() })),
});
export type EscrowRow = z.infer<typeof escrowRowSchema>;

/** Newest first; `status` filters by bucket or stuck; `q` is an order id or a buyer's or seller's username. */
export const listEscrows = defineContract({
  method: 'GET',
  path: '/api/admin/escrows',
  query: z.strictObject({
    status: z.optional(z.enum(ESCROW_FILTERS, 'Choose a status to filter by.')),
    q: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(64, 'Search by an order id or a username of at most 64 characters.'),
          z.regex(/^[0-9A-Za-z_.-]*$/, 'Search by an order id or a username.'),
        ),
    ),
  }),
  response: z.object({
    counts: escrowCountsSchema,
    escrows: z.array(escrowRowSchema),
    /** Items the request read from the table (the monitor never scans). */
    itemsRead: z.number(),
  }),
});
export type EscrowMonitor = z.infer<typeof listEscrows.response>;

/** Runs a stuck escrow's settlement again (idempotent: every step is conditional; audited). */
export const retrySettlement = defineContract({
  method: 'POST',
  path: '/api/admin/escrows/{orderId}/settlement',
  params: orderParams,
  body: z.strictObject({}),
  response: z.object({ orderId: z.string(), status: z.enum(ORDER_STATUSES), stuck: z.boolean() }),
});
