import * as z from 'zod/mini';
import {
  RETURN_CASES,
  RETURN_DESCRIPTION_MAX,
  RETURN_NOTE_MAX,
  RETURN_REASONS,
  RETURN_STAGES,
  RETURN_STATUSES,
} from '../domain/returns';
import { defineContract } from './contract';
import { orderSchema } from './orders';
import { returnSchema } from './return-view';

export { returnSchema, returnWindowSchema, type ReturnView, type ReturnWindow } from './return-view';

/** Request Return, the seller's answer, the way back and the refund (decision 054). */

const orderParams = z.strictObject({
  orderId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not an order id')),
});

const text = (empty: string, tooLong: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, tooLong));

/** The buyer asks to return a delivered or collected order within its listing's return policy. */
export const requestReturn = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/return',
  params: orderParams,
  body: z.strictObject({
    reason: z.enum(RETURN_REASONS, 'Please choose a reason.'),
    description: text(
      'Please describe why you are returning it.',
      'The description can be at most 2,000 characters.',
      RETURN_DESCRIPTION_MAX,
    ),
  }),
  response: orderSchema,
});

/** The seller approves or rejects a pending return, with an optional note the buyer sees. */
export const decideReturn = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/return/decision',
  params: orderParams,
  body: z.strictObject({
    decision: z.enum(['approve', 'reject'], 'Choose approve or reject.'),
    note: z._default(
      z.string().check(z.trim(), z.maxLength(RETURN_NOTE_MAX, 'The note can be at most 1,000 characters.')),
      '',
    ),
  }),
  response: orderSchema,
});

/** The buyer gives the tracking number of the parcel sending it back (to the seller's return address). */
export const shipReturn = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/return/shipment',
  params: orderParams,
  body: z.strictObject({
    trackingNumber: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Please enter the tracking number.'),
        z.maxLength(40, 'A tracking number has at most 40 characters'),
      ),
  }),
  response: orderSchema,
});

/** After release, once the return is delivered back: the wallet request for the seller's refund Payment. */
export const requestReturnRefund = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/return/refund',
  params: orderParams,
  body: z.strictObject({}),
  response: z.discriminatedUnion('status', [
    z.object({ status: z.literal('paid') }),
    z.object({
      status: z.literal('signing'),
      cents: z.number(),
      uuid: z.string(),
      signUrl: z.string(),
      qrPngUrl: z.string(),
      expiresAt: z.string(),
    }),
  ]),
});

/** After release, the buyer takes a rejected return to an administrator. */
export const escalateReturn = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/return/escalation',
  params: orderParams,
  body: z.strictObject({}),
  response: orderSchema,
});

/** An administrator decides an escalated return: the seller owes the refund, or the return is closed. */
export const resolveReturn = defineContract({
  method: 'POST',
  path: '/api/admin/orders/{orderId}/return/resolution',
  params: orderParams,
  body: z.strictObject({
    outcome: z.enum(['refund', 'close'], 'Choose refund or close.'),
    note: text('Please write the reason.', 'The reason can be at most 1,000 characters.', RETURN_NOTE_MAX),
  }),
  response: z.object({ orderId: z.string(), return: returnSchema }),
});

export const returnRequestSchema = z.object({
  orderId: z.string(),
  listingId: z.string(),
  listingTitle: z.string(),
  listingImageUrl: z.nullable(z.string()),
  buyerId: z.string(),
  buyerUsername: z.string(),
  reason: z.enum(RETURN_REASONS),
  description: z.string(),
  status: z.enum(RETURN_STATUSES),
  stage: z.enum(RETURN_STAGES),
  case: z.enum(RETURN_CASES),
  refundCents: z.number(),
  requestedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The seller's return requests, newest first (the return-requests list; the seller portal's Returns tab). */
export const listReturnRequests = defineContract({
  method: 'GET',
  path: '/api/me/return-requests',
  query: z.strictObject({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  }),
  response: z.object({ items: z.array(returnRequestSchema), nextCursor: z.nullable(z.string()) }),
});
