import * as z from 'zod/mini';
import { CART_MAX_ITEMS } from '../domain/cart';
import { LISTING_TYPES, SHIPPING_TYPES } from '../domain/listing';
import { defineContract } from './contract';

/** The signed-in user's cart on the server (spec part 2 "Cart storage", "Cart service"; priced by the server). */

const cents = z.number().check(z.int(), z.nonnegative());
const listingId = z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not a listing id'));
/** Units of one listing in a cart; the listing's stock is the real ceiling. */
export const CART_MAX_QUANTITY = 999;
const quantity = z.number().check(z.int(), z.gte(1, 'Quantity must be at least 1'), z.lte(CART_MAX_QUANTITY));

export const CART_LINE_STATUSES = ['ok', 'unavailable', 'reduced'] as const;

export const cartLineSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  imageUrl: z.nullable(z.string()),
  listingType: z.enum(LISTING_TYPES),
  sellerId: z.string(),
  sellerName: z.string(),
  sellerLocation: z.nullable(z.object({ city: z.string(), state: z.string(), zipCode: z.string() })),
  isLocalPickup: z.boolean(),
  /** Shipped, but the buyer may choose local pickup for it at checkout ('Also Offer Local Pickup'). */
  offersLocalPickup: z.optional(z.boolean()),
  shippingType: z.enum(SHIPPING_TYPES),
  /** Per unit, what the line adds for shipping before checkout (flat rate only). */
  shippingCostCents: cents,
  /** The listing's price now (fixed price, or an auction's buy-it-now price); null when it has none. */
  unitPriceCents: z.nullable(cents),
  quantity: z.number().check(z.int(), z.positive()),
  /** Units the buyer can still get. */
  available: z.number().check(z.int(), z.nonnegative()),
  lineTotalCents: cents,
  /**
   * ok; unavailable: the listing is no longer for sale (ended, sold, no price) and the line counts for nothing;
   * reduced: fewer units are left than the line asks for (checkout refuses it until the quantity is lowered).
   */
  status: z.enum(CART_LINE_STATUSES),
  addedAt: z.string(),
  /**
   * The buyer's accepted offer on the listing (decision 033): the line is priced at its amount for one unit
   * (`unitPriceCents`, `available` at most 1) until `buyBy`; absent otherwise.
   */
  offer: z.optional(z.object({ id: z.string(), buyBy: z.string() })),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  /** Oldest first, the order they were added. */
  items: z.array(cartLineSchema),
  /** The header badge: the sum of quantities. */
  count: z.number().check(z.int(), z.nonnegative()),
  itemsCents: cents,
  shippingCents: cents,
  totalCents: cents,
});
export type Cart = z.infer<typeof cartSchema>;

export const getCart = defineContract({ method: 'GET', path: '/api/me/cart', response: cartSchema });

/** Sets a line's quantity, adding the listing when it is not in the cart yet (idempotent). */
export const setCartItem = defineContract({
  method: 'PUT',
  path: '/api/me/cart/items/{listingId}',
  params: z.strictObject({ listingId }),
  body: z.strictObject({ quantity }),
  response: cartSchema,
});

export const removeCartItem = defineContract({
  method: 'DELETE',
  path: '/api/me/cart/items/{listingId}',
  params: z.strictObject({ listingId }),
  response: cartSchema,
});

export const clearCart = defineContract({ method: 'DELETE', path: '/api/me/cart', response: cartSchema });

export const MERGE_SKIP_REASONS = ['own_listing', 'unavailable', 'not_found', 'cart_full'] as const;

/**
 * The signed-out cart moved to the account after sign-in: each line keeps the larger of the two quantities (capped at
 * what is left), so sending it twice changes nothing.
 */
export const mergeCart = defineContract({
  method: 'POST',
  path: '/api/me/cart/merge',
  body: z.strictObject({
    items: z
      .array(z.strictObject({ listingId, quantity }))
      .check(z.maxLength(CART_MAX_ITEMS, 'Maximum 50 items allowed in cart.')),
  }),
  response: z.object({
    cart: cartSchema,
    /** Lines now in the server cart from the ones sent. */
    moved: z.number().check(z.int(), z.nonnegative()),
    skipped: z.array(z.object({ listingId: z.string(), reason: z.enum(MERGE_SKIP_REASONS) })),
  }),
});
