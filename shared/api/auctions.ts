import * as z from 'zod/mini';
import { defineContract } from './contract';
import { orderSchema } from './orders';

/**
 * After an auction ends (decision 029): the seller's two choices once an order lapsed: a second chance to the
 * runner-up, or a relist. The winner's payment and the cart's list of won items to pay are orders (./orders.ts).
 */
const id = (what: string) => z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, `Not ${what}`));

/** The seller offers the item of a lapsed winner's order to the runner-up at their maximum; answers the lapsed order. */
export const offerSecondChance = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/second-chance',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.strictObject({}),
  response: orderSchema,
});

/** The seller relists an auction that ended without a paid sale, as a fresh auction ending at `endsAt`. */
export const relistAuction = defineContract({
  method: 'POST',
  path: '/api/listings/{listingId}/relist',
  params: z.strictObject({ listingId: id('a listing id') }),
  body: z.strictObject({
    /** ISO-8601; checked against the server's clock as creating a listing checks it. */
    endsAt: z.iso.datetime({ offset: true, error: 'Auction End Date is required' }),
  }),
  response: z.object({ id: z.string() }),
});
