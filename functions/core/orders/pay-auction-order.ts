import { zipOf } from '../../../shared/domain/shipping';
import { AppError, NotFoundError } from '../../lib/errors';
import { assertAwaitingPayment } from './auction-payment';
import {
  assertPayable,
  canBuyWith,
  cancelAfterFrom,
  chosenShipping,
  groupLines,
  newCondition,
  orderShipping,
  PROFILE_INCOMPLETE,
  priceChanged,
  priceGroup,
  RESERVATION_MINUTES,
  shipToOf,
  type CheckoutDeps,
  type CheckoutRequest,
} from './checkout';
import { buyersOrder } from './escrow-signing';
import type { OrderRecord } from './order';
import type { OrderRepository } from './order-store';
import { allowedPickupSellers } from './pickup-choice';

export type PayAuctionOrderDeps = Pick<
  CheckoutDeps,
  | 'listings'
  | 'users'
  | 'profiles'
  | 'quotes'
  | 'ledger'
  | 'readiness'
  | 'vault'
  | 'randomBytes'
  | 'clock'
  | 'escrowWindowHours'
> & { orders: Pick<OrderRepository, 'get' | 'startPayment'> };

/** The item an auction's order buys, as shipping it needs (its listing, sold or ended by now). */
async function itemListing(order: OrderRecord, deps: Pick<PayAuctionOrderDeps, 'listings'>) {
  const [listing] = await deps.listings.get([order.lines[0]!.listingId]);
  if (!listing) throw new NotFoundError('Listing not found');
  return listing;
}

/**
 * The order as one checkout group: its one line at the auction's price, shipped as its listing says, or collected
 * when the winner chose local pickup and the listing offers it (409 pickup_not_offered otherwise).
 */
export async function auctionOrderGroups(
  order: OrderRecord,
  deps: Pick<PayAuctionOrderDeps, 'listings'>,
  localPickup = false,
) {
  const listing = await itemListing(order, deps);
  const items = [{ listing, quantity: 1, unitPriceCents: order.lines[0]!.unitPriceCents }];
  return groupLines(items, allowedPickupSellers(items, localPickup ? [order.sellerId] : []));
}

/**
 * The winner (or runner-up) of an auction pays (decision 029): as at checkout, the buyer's address and chosen
 * shipping service price the parcel (from the listing, never the browser), the total must be the one they agreed to,
 * the escrow must be possible and their RLUSD enough; then the order gets its escrow terms and moves to awaiting
 * signature, signed through the same wallet request as any checkout. Only inside the 48-hour window.
 */
export async function payAuctionOrder(
  userId: string,
  orderId: string,
  request: CheckoutRequest & { localPickup?: boolean },
  deps: PayAuctionOrderDeps,
): Promise<OrderRecord> {
  const order = await buyersOrder(deps.orders, userId, orderId);
  const now = deps.clock.now();
  assertAwaitingPayment(order, now);
  const [buyer, seller, profile] = await Promise.all([
    deps.users.user(userId),
    deps.users.user(order.sellerId),
    deps.profiles.get(userId),
  ]);
  if (!buyer) throw new AppError('unauthenticated', 'unauthorized', 'Sign in to continue');
  if (!canBuyWith(profile)) throw new AppError('invalid_state', 'profile_incomplete', PROFILE_INCOMPLETE);
  const shipTo = shipToOf(profile);
  const groups = await auctionOrderGroups(order, deps, request.localPickup === true);
  const shipping = await chosenShipping(userId, groups, zipOf(shipTo.postalCode), request.shipping, deps);
  const priced = priceGroup(groups[0]!, shipping);
  if (priced.totalCents !== request.expectedTotalCents) throw priceChanged(priced.totalCents);
  await assertPayable(buyer.walletAddress, [seller?.walletAddress ?? null], priced.totalCents, deps);

  const secret = await newCondition(order.orderId, priced.fulfilment, deps);
  const { pickup: _, ...unlocked } = order;
  const paying: OrderRecord = {
    ...unlocked,
    status: 'awaiting_signature',
    lines: priced.lines.map(({ calculated: _, ...l }) => l),
    shippingCents: priced.shippingCents,
    totalCents: priced.totalCents,
    shipping: orderShipping(priced, shipTo),
    escrow: {
      buyerAddress: buyer.walletAddress,
      sellerAddress: seller!.walletAddress,
      condition: secret.condition,
      sealedFulfillment: secret.sealedFulfillment,
      cancelAfter: await cancelAfterFrom(now, deps),
    },
    ...(secret.pickup && { pickup: secret.pickup.lock }),
    reservationExpiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString(),
    updatedAt: now.toISOString(),
  };
  const code = secret.pickup && { orderId: order.orderId, buyerId: userId, code: secret.pickup.code };
  if (await deps.orders.startPayment(paying, now.toISOString(), code ?? undefined)) return paying;
  // Another request paid it first (a second tab): that payment stands.
  const current = await deps.orders.get(orderId);
  if (current?.status === 'awaiting_signature') return current;
  assertAwaitingPayment(current ?? order, now);
  throw new AppError('invalid_state', 'order_changed', 'This order changed while paying. Please try again.');
}
