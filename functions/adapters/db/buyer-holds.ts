import {
  DAILY_HOLD_SECONDS,
  MAX_UNPAID_ORDERS,
  holdRelease,
  type HoldReader,
  type HoldState,
} from '../../core/orders/holds';
import type { OrderRecord } from '../../core/orders/order';
import type { TransactionEntities } from './listing-close';
import type { Db } from './service';

type BuyerHold = TransactionEntities['buyerHold'];

const OPEN = 'open';
const cooldownSlot = (listingId: string) => `cooldown#${listingId}`;
const budgetSlot = (listingId: string, day: string) => `budget#${listingId}#${day}`;
/** A day's budget is kept two days past its end: an order's hold ends long before, and settles into it. */
const budgetTtl = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86_400;
const cooldownTtl = (until: string) => Math.floor(Date.parse(until) / 1000) + 86_400;

const listingsOf = (o: OrderRecord) => [...new Set(o.lines.map((l) => l.listingId))];

/** The buyer's limits as they stand, read strongly consistent (checkout decides from them, the writes re-check). */
export function holdReader(db: Db): HoldReader {
  return {
    async read(buyerId, listingIds, day) {
      const keys = [
        { buyerId, slot: OPEN },
        ...listingIds.flatMap((id) => [
          { buyerId, slot: cooldownSlot(id) },
          { buyerId, slot: budgetSlot(id, day) },
        ]),
      ];
      const { data } = await db.entities.buyerHold.get(keys).go({ consistent: true });
      const bySlot = new Map(data.map((item) => [item.slot, item]));
      const listings: HoldState['listings'] = new Map(
        listingIds.map((id) => [
          id,
          {
            cooldownUntil: bySlot.get(cooldownSlot(id))?.until ?? null,
            heldSeconds: bySlot.get(budgetSlot(id, day))?.seconds ?? 0,
          },
        ]),
      );
      return { openUnpaid: bySlot.get(OPEN)?.count ?? 0, listings };
    },
  };
}

/**
 * The writes that take a checkout's holds, in the transaction that places its orders: each holds only while the
 * limits still allow it, so concurrent checkouts of one buyer cannot pass them together.
 */
export function takeHolds(buyerHold: BuyerHold, orders: readonly OrderRecord[], now: string) {
  const counted = orders.filter((o) => o.hold);
  if (counted.length === 0) return [];
  const buyerId = counted[0]!.buyerId;
  return [
    buyerHold
      .update({ buyerId, slot: OPEN })
      .add({ count: counted.length })
      .where((a, op) => `${op.notExists(a.count)} OR ${op.lte(a.count, MAX_UNPAID_ORDERS - counted.length)}`)
      .commit(),
    ...counted.flatMap((o) =>
      listingsOf(o).flatMap((listingId) => [
        buyerHold
          .check({ buyerId, slot: cooldownSlot(listingId) })
          .where((a, op) => `${op.notExists(a.until)} OR ${op.lte(a.until, now)}`)
          .commit(),
        buyerHold
          .update({ buyerId, slot: budgetSlot(listingId, o.hold!.day) })
          .add({ seconds: o.hold!.seconds })
          .set({ ttl: budgetTtl(o.hold!.day) })
          .where((a, op) => `${op.notExists(a.seconds)} OR ${op.lte(a.seconds, DAILY_HOLD_SECONDS - o.hold!.seconds)}`)
          .commit(),
      ]),
    ),
  ];
}

/**
 * The writes that end an order's hold, in the transaction of its status change (funded or cancelled): one open order
 * fewer, the day's budget settled, the cooldown started when it ended unpaid. Unconditional: the status condition
 * in the same transaction already makes it happen once.
 */
export function endHold(buyerHold: BuyerHold, o: OrderRecord, outcome: 'funded' | 'cancelled', at: string) {
  if (!o.hold) return [];
  const release = holdRelease(o, o.hold, outcome, at);
  const { buyerId } = o;
  return [
    buyerHold.update({ buyerId, slot: OPEN }).add({ count: -1 }).commit(),
    ...listingsOf(o).flatMap((listingId) => [
      buyerHold
        .update({ buyerId, slot: budgetSlot(listingId, release.day) })
        .add({ seconds: release.secondsDelta })
        .set({ ttl: budgetTtl(release.day) })
        .commit(),
      ...(release.cooldownUntil
        ? [
            buyerHold
              .update({ buyerId, slot: cooldownSlot(listingId) })
              .set({ until: release.cooldownUntil, ttl: cooldownTtl(release.cooldownUntil) })
              .commit(),
          ]
        : []),
    ]),
  ];
}
