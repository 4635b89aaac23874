import * as z from 'zod/mini';
import { defineContract } from './contract';
import { orderSchema, paymentBodySchema } from './orders';

/**
 * After an auction ends (decision 029): the winner pays their order awaiting payment (shipping chosen
 * as at checkout, then the escrow signed as any order's), the cart's list of won items to pay, and the seller's two
 * choices once an order lapsed: a second chance to the runner-up, or a relist.
 */
const id = (what: string) => z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, `Not ${what}`));

/** The buyer's own orders awaiting payment (won auctions and second chances), newest first. */
export const listAwaitingPayment = defineContract({
  method: 'GET',
  path: '/api/me/orders/awaiting-payment',
  response: z.object({ items: z.array(orderSchema) }),
});

/**
 * The buyer pays an auction's order: the shipping service (from GET /api/checkout/shipping-options?orderId=) and the
 * total they agreed to, as checkout takes them; the order gets its escrow terms and awaits signature.
 */
export const payAuctionOrder = defineContract({
  method: 'POST',
  path: '/api/orders/{orderId}/payment',
  params: z.strictObject({ orderId: id('an order id') }),
  body: z.extend(paymentBodySchema, {
    /** The winner collects the item instead (its listing must offer local pickup). */
    localPickup: z._default(z.boolean(), false),
  }),
  response: orderSchema,
});

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
