import type { Cart, CartLine } from '../../../../shared/api/cart';
import type { ListingDetail } from '../../../../shared/api/listings';
import { isLocalPickup, lineTotalCents, unitShippingCents } from '../../../../shared/domain/cart';
import type { LocalCartItem, LocalCartLine } from './local-cart';

/** The cart a page shows: the account's (priced by the server) or, signed out, the one kept in this browser. */
export type CartView = Cart & { source: 'server' | 'local' };
export type { CartLine };

/**
 * What one unit costs to buy now (spec part 1 "Buy Now"): a fixed listing's price; an auction's buy-it-now price
 * while it has no bid and has not ended. null: no price, so there is no Buy Now (the server decides the same way).
 */
export function buyNowPriceCents(
  l: Pick<ListingDetail, 'listingType' | 'priceCents' | 'buyItNowPriceCents' | 'bidCount' | 'endsAt'>,
  nowMs: number,
): number | null {
  if (l.listingType === 'fixed') return l.priceCents && l.priceCents > 0 ? l.priceCents : null;
  if (l.bidCount > 0 || (l.endsAt !== null && Date.parse(l.endsAt) <= nowMs)) return null;
  return l.buyItNowPriceCents && l.buyItNowPriceCents > 0 ? l.buyItNowPriceCents : null;
}

/** The listing as the signed-out cart keeps it; null when it has no price to buy at. */
export function cartItemFromListing(l: ListingDetail, nowMs: number): LocalCartItem | null {
  const priceCents = buyNowPriceCents(l, nowMs);
  if (priceCents === null) return null;
  return {
    listingId: l.id,
    title: l.title,
    priceCents,
    image: l.image?.thumbUrl ?? null,
    listingType: l.listingType,
    sellerId: l.seller.id,
    sellerName: l.seller.username,
    sellerLocation: l.location ? { city: l.location.city, state: l.location.state, zipCode: l.location.zipCode } : null,
    isLocalPickup: isLocalPickup(l.shippingType),
    shippingCostCents: unitShippingCents({ shippingType: l.shippingType, shippingCostCents: l.shippingCostCents }),
    shippingType: l.shippingType,
    available: l.quantityAvailable,
  };
}

/** A stored line in the server's shape, so one view shows both carts. */
export function localLineView(l: LocalCartLine): CartLine {
  const rule = {
    unitPriceCents: l.priceCents,
    shippingCostCents: l.shippingCostCents,
    shippingType: l.shippingType,
    quantity: l.quantity,
  };
  return {
    listingId: l.listingId,
    title: l.title,
    imageUrl: l.image,
    listingType: l.listingType,
    sellerId: l.sellerId,
    sellerName: l.sellerName,
    sellerLocation: l.sellerLocation,
    isLocalPickup: l.isLocalPickup,
    shippingType: l.shippingType,
    shippingCostCents: unitShippingCents(rule),
    unitPriceCents: l.priceCents,
    quantity: l.quantity,
    available: l.available,
    lineTotalCents: lineTotalCents(rule),
    status: l.quantity > l.available ? 'reduced' : 'ok',
    addedAt: l.addedAt,
  };
}

/** Totals as the server counts them: (price + shipping) x quantity per line, unavailable lines count for nothing. */
export function localCartView(lines: readonly LocalCartLine[]): CartView {
  const items = lines.map(localLineView);
  const itemsCents = items.reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.quantity, 0);
  const shippingCents = items.reduce((sum, l) => sum + l.shippingCostCents * l.quantity, 0);
  return {
    source: 'local',
    items,
    count: items.reduce((sum, l) => sum + l.quantity, 0),
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
  };
}

/** Lines that stop a checkout: no longer for sale, or more units than are left. */
export function blockingLines(cart: Pick<Cart, 'items'>): CartLine[] {
  return cart.items.filter((l) => l.status !== 'ok');
}

/** The note a blocked line shows. */
export function lineStatusNote(l: CartLine): string | null {
  if (l.status === 'unavailable') return 'This item is no longer available. Remove it to continue.';
  if (l.status === 'reduced') {
    return l.available === 1
      ? 'Only 1 unit is available. Lower the quantity to continue.'
      : `Only ${l.available} units are available. Lower the quantity to continue.`;
  }
  return null;
}

/** Whether any line that is shipped has its shipping calculated at checkout (the shipping service picker). */
export function needsShippingService(cart: Pick<Cart, 'items'>): boolean {
  return cart.items.some((l) => l.status !== 'unavailable' && !l.isLocalPickup && l.shippingType === 'calculated');
}
