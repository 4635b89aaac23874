import * as z from 'zod/mini';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_PHOTOS_MAX,
  DISPUTE_REASONS,
  DISPUTE_RESOLUTION_NOTE_MAX,
} from '../domain/disputes';
import { defineContract } from './contract';
import { LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES } from './listings';
import { disputeSchema } from './dispute-view';
import { orderSchema } from './orders';

export { disputeSchema, type Dispute } from './dispute-view';

/** Report Issue, its end, and an administrator's decision (decision 053). */

const orderParams = z.strictObject({
  orderId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not an order id')),
});
/** Text that must say something (blank is refused), at most `max` characters. */
/** Uploads of the caller's (startDisputePhotoUpload), at most four. */
const photoKeysSchema = z._default(
  z.array(z.string().check(z.maxLength(300))).check(z.maxLength(DISPUTE_PHOTOS_MAX, 'Add at most 4 photos.')),
  [],
);

const text = (empty: string, tooLong: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, tooLong));

/** The buyer reports an issue: the escrow's release is held until the dispute ends. */
export const openDispute = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/dispute',
  params: orderParams,
  body: z.strictObject({
    reason: z.enum(DISPUTE_REASONS, 'Please choose a reason.'),
    description: text(
      'Please describe the issue.',
      'The description can be at most 2,000 characters.',
      DISPUTE_DESCRIPTION_MAX,
    ),
    photoKeys: photoKeysSchema,
  }),
  response: orderSchema,
});

/** A presigned upload of one photo for a report: checked and re-encoded when the report takes it. */
export const startDisputePhotoUpload = defineContract({
  method: 'POST',
  path: '/api/me/dispute-photo-upload',
  body: z.strictObject({
    contentType: z.enum(LISTING_PHOTO_CONTENT_TYPES, 'Please choose an image file'),
    size: z.number().check(z.int(), z.positive(), z.lte(LISTING_PHOTO_MAX_BYTES, 'Image must be 5 MB or smaller')),
  }),
  response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() }),
});

/** The seller answers an open dispute with a message and up to 4 photos (the listing photo upload path). */
export const respondToDispute = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/dispute/responses',
  params: orderParams,
  body: z.strictObject({
    message: text('Please write your answer.', 'The answer can be at most 2,000 characters.', DISPUTE_DESCRIPTION_MAX),
    photoKeys: photoKeysSchema,
  }),
  response: orderSchema,
});

/** The buyer withdraws the open dispute: the release follows the normal schedule again. */
export const withdrawDispute = defineContract({
  method: 'DELETE',
  path: '/api/orders/{orderId}/dispute',
  params: orderParams,
  response: orderSchema,
});

/** The seller refunds the buyer: the escrow goes back once the ledger allows it (CancelAfter). */
export const refundDispute = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/dispute/refund',
  params: orderParams,
  body: z.strictObject({}),
  response: orderSchema,
});

/** An administrator ends an open dispute: release now, or refund at CancelAfter, with a reason both parties see. */
export const resolveDispute = defineContract({
  method: 'POST',
  path: '/api/admin/orders/{orderId}/dispute/resolution',
  params: orderParams,
  body: z.strictObject({
    outcome: z.enum(['release', 'refund'], 'Choose release or refund.'),
    note: text('Please write the reason.', 'The reason can be at most 1,000 characters.', DISPUTE_RESOLUTION_NOTE_MAX),
  }),
  response: z.object({ orderId: z.string(), status: z.string(), dispute: disputeSchema }),
});
