/**
 * Fate stock_holder (docs/decisions/041-no-free-holds.md): besides its funded order, the buyer tries to keep a
 * seller's stock from everyone with unpaid checkouts. Run through the production checkout and order store: three
 * unpaid orders hold three listings' stock, a fourth checkout is refused, the holds lapse unpaid and every unit comes
 * back, and the buyer is refused that listing again during the cooldown, while other stock is theirs to buy.
 */
import { cartStore } from '../../../functions/adapters/db/cart-store';
import { orderStore } from '../../../functions/adapters/db/order-store';
import { saleListings } from '../../../functions/adapters/db/sale-listings';
import { db } from '../../../functions/adapters/db/service';
import { checkoutDeps } from '../../../functions/wiring/orders';
import { clock } from '../../../functions/adapters/clock';
import { availableUnits } from '../../../functions/core/cart/sale-listing';
import { checkout } from '../../../functions/core/orders/checkout';
import { MAX_UNPAID_ORDERS } from '../../../functions/core/orders/holds';
import type { OrderRecord } from '../../../functions/core/orders/order';
import { AppError } from '../../../functions/lib/errors';
import type { Party } from './world';

/** Units of each stock listing the holder tries to keep. */
export const HELD_UNITS = 2;

export interface StockHolding {
  /** Checkouts refused by a hold limit, by code. */
  refused: Record<string, number>;
  /** Units that came back to listings after the unpaid orders lapsed. */
  unitsBack: number;
  problems: string[];
}

/** The buyer checks out only `listingId` (HELD_UNITS of it): the order, or the refusal's code. */
async function checkoutOnly(buyer: Party, listingId: string, priceCents: number): Promise<OrderRecord | string> {
  const carts = cartStore(db());
  await carts.remove(
    buyer.userId,
    (await carts.items(buyer.userId)).map((i) => i.listingId),
  );
  await carts.put(buyer.userId, listingId, HELD_UNITS, clock.now().toISOString(), 50);
  try {
    const [order] = await checkout(
      buyer.userId,
      { shipping: null, expectedTotalCents: priceCents * HELD_UNITS },
      await checkoutDeps(),
    );
    return order!;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  } finally {
    await carts.remove(buyer.userId, [listingId]);
  }
}

async function available(listingId: string): Promise<number> {
  const [listing] = await saleListings(db()).get([listingId]);
  return listing ? availableUnits(listing, clock.now()) : -1;
}

/**
 * `listings` (MAX_UNPAID_ORDERS + 1 of them, HELD_UNITS each, at `priceCents`) are the seller's; the buyer has no
 * unpaid order when it starts. What the holder met, and what was not as the rules say.
 */
export async function holdStock(buyer: Party, listings: readonly string[], priceCents: number): Promise<StockHolding> {
  const result: StockHolding = { refused: {}, unitsBack: 0, problems: [] };
  const expect = (what: string, got: unknown, want: unknown) => {
    if (got !== want) result.problems.push(`${what}: ${String(got)}, expected ${String(want)}`);
  };
  const refused = (what: string, got: OrderRecord | string, code: string) => {
    if (typeof got === 'string') result.refused[got] = (result.refused[got] ?? 0) + 1;
    expect(what, typeof got === 'string' ? got : `order ${got.orderId}`, code);
  };

  const held: OrderRecord[] = [];
  for (const id of listings.slice(0, MAX_UNPAID_ORDERS)) {
    const made = await checkoutOnly(buyer, id, priceCents);
    if (typeof made === 'string') result.problems.push(`holding ${id} refused: ${made}`);
    else held.push(made);
    expect(`${id} available while held`, await available(id), 0);
  }
  const last = listings[MAX_UNPAID_ORDERS]!;
  refused('a checkout past the unpaid-order limit', await checkoutOnly(buyer, last, priceCents), 'unpaid_orders_limit');
  expect(`${last} available after the refusal`, await available(last), HELD_UNITS);

  // The holds lapse unpaid, as the release-reservations schedule ends them.
  const orders = orderStore(db());
  for (const o of held) {
    expect(`order ${o.orderId} lapsed`, await orders.cancel(o, 'reservation_expired', clock.now().toISOString()), true);
    const back = await available(o.lines[0]!.listingId);
    expect(`${o.lines[0]!.listingId} available after its hold lapsed`, back, HELD_UNITS);
    result.unitsBack += back;
  }
  refused('holding a lapsed listing again', await checkoutOnly(buyer, listings[0]!, priceCents), 'hold_cooldown');
  expect(`${listings[0]} available after the cooldown refusal`, await available(listings[0]!), HELD_UNITS);

  // Room again for a listing the buyer never held; it too ends unpaid and its units come back.
  const fresh = await checkoutOnly(buyer, last, priceCents);
  if (typeof fresh === 'string') result.problems.push(`a fresh hold refused: ${fresh}`);
  else {
    await orders.cancel(fresh, 'signing_cancelled', clock.now().toISOString());
    expect(`${last} available after the last hold`, await available(last), HELD_UNITS);
  }
  return result;
}
