import { AppError } from '../../lib/errors';
import type { OrderRecord } from './order';

/**
 * No free holds (docs/decisions/041-no-free-holds.md): a checkout's reservation is a hold the buyer chose, so it is
 * limited per buyer (open unpaid orders), per buyer and listing (a cooldown after one ended unpaid) and per buyer,
 * listing and UTC day (a budget of reserved time). An auction winner's order is not a hold the buyer chose and is not
 * limited. The table enforces each limit in the checkout's own transaction; these functions decide and explain.
 * Refusals are 409s like checkout's others: a 429 would tell the web app to send the same submission again.
 */
export const MAX_UNPAID_ORDERS = 3;
export const HOLD_COOLDOWN_MINUTES = 60;
/** Reserved time one buyer may keep one listing from others (or an auction from bids) per UTC day. */
export const DAILY_HOLD_SECONDS = 15 * 60;
/**
 * A hold shorter than this is no use to anyone (the budget counts as spent): the wallet request must fit in the hold
 * with its 2 minutes' grace, and leave the buyer 2 minutes to sign (escrow-signing.ts signingMinutes).
 */
export const MIN_HOLD_SECONDS = 4 * 60;
/**
 * Writes one transaction may hold (DynamoDB's limit): a checkout reserves a listing and charges its hold in two, and
 * writes its orders, the offers they claim and the buyer's count of unpaid orders in the same one.
 */
export const MAX_CHECKOUT_WRITES = 100;

/** What a checkout's order charged against its buyer's limits; absent on auction orders and older orders. */
export interface HoldCharge {
  /** The UTC day (YYYY-MM-DD) whose budget the reserved time was charged to: the checkout's day. */
  day: string;
  /** Reserved time charged up front for each of the order's listings (its unsigned reservation). */
  seconds: number;
}

/** A buyer's limits as read: open unpaid orders, and per listing the cooldown and today's reserved time. */
export interface HoldState {
  openUnpaid: number;
  listings: ReadonlyMap<string, { cooldownUntil: string | null; heldSeconds: number }>;
}

export interface HoldReader {
  read(buyerId: string, listingIds: readonly string[], day: string): Promise<HoldState>;
}

/** How an order's charge is settled when its hold ends: budget seconds given back, the cooldown it starts. */
export interface HoldRelease {
  day: string;
  /** Added to the day's reserved time of each of the order's listings (negative: given back). */
  secondsDelta: number;
  /** The buyer may hold the order's listings again from then (null: paid, no cooldown). */
  cooldownUntil: string | null;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const hhmm = (iso: string) => `${iso.slice(11, 16)} UTC`;

function nextUtcMidnight(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)).toISOString();
}

/**
 * The hold a checkout of `listings` may take now, in seconds (the same for all its orders: the shortest any listing's
 * budget leaves, at most `reservationSeconds`), or the refusal that names why and when the buyer can try again.
 */
export function holdFor(
  state: HoldState,
  listings: readonly { listingId: string; title: string; offerId?: string }[],
  newOrders: number,
  reservationSeconds: number,
  at: Date,
  /** The checkout's other items in the same transaction (a pickup order's code, decision 040). */
  otherWrites = 0,
): HoldCharge {
  const offers = listings.filter((l) => l.offerId !== undefined).length + otherWrites;
  if (2 * listings.length + offers + newOrders + 1 > MAX_CHECKOUT_WRITES) {
    const most = Math.floor((MAX_CHECKOUT_WRITES - 1 - newOrders - offers) / 2);
    throw new AppError(
      'invalid_state',
      'checkout_too_large',
      `Check out at most ${most} different items at once. Remove some from your cart and buy them in a second checkout.`,
    );
  }
  if (state.openUnpaid + newOrders > MAX_UNPAID_ORDERS) {
    throw new AppError(
      'invalid_state',
      'unpaid_orders_limit',
      `You have ${state.openUnpaid} unpaid ${state.openUnpaid === 1 ? 'order' : 'orders'} waiting for your ` +
        `signature; at most ${MAX_UNPAID_ORDERS} can wait at once. Pay for or cancel one in My Activity before ` +
        'checking out again.',
    );
  }
  let seconds = reservationSeconds;
  for (const { listingId, title } of listings) {
    const held = state.listings.get(listingId);
    if (held?.cooldownUntil && Date.parse(held.cooldownUntil) > at.getTime()) {
      throw new AppError(
        'invalid_state',
        'hold_cooldown',
        `Your last checkout of ${title} ended unpaid, so it is not held for you again straight away. ` +
          `You can check it out again after ${hhmm(held.cooldownUntil)}.`,
      );
    }
    const left = DAILY_HOLD_SECONDS - (held?.heldSeconds ?? 0);
    if (left < MIN_HOLD_SECONDS) {
      throw new AppError(
        'invalid_state',
        'hold_budget_spent',
        `You have already held ${title} for ${DAILY_HOLD_SECONDS / 60} minutes today without paying. ` +
          `You can check it out again after ${hhmm(nextUtcMidnight(at))}.`,
      );
    }
    seconds = Math.min(seconds, left);
  }
  return { day: utcDay(at), seconds };
}

/**
 * The end of a checkout order's hold: paid (funded) gives its charge back, as a purchase holds nothing for free;
 * unpaid (cancelled) is charged the time it really held the units (less than the charge if it ended early, more by
 * the signing grace if a wallet request kept it) and starts the cooldown.
 */
export function holdRelease(
  order: OrderRecord,
  charge: HoldCharge,
  outcome: 'funded' | 'cancelled',
  at: string,
): HoldRelease {
  if (outcome === 'funded') return { day: charge.day, secondsDelta: -charge.seconds, cooldownUntil: null };
  const held = Math.max(0, Math.ceil((Date.parse(at) - Date.parse(order.createdAt)) / 1000));
  return {
    day: charge.day,
    secondsDelta: held - charge.seconds,
    cooldownUntil: new Date(Date.parse(at) + HOLD_COOLDOWN_MINUTES * 60_000).toISOString(),
  };
}
