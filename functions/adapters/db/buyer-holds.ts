import { DAILY_HOLD_SECONDS, MAX_UNPAID_ORDERS, holdRelease, type HoldReader } from '../../core/orders/holds';
import type { OrderRecord } from '../../core/orders/order';
import type { TransactionEntities } from './listing-close';
import type { Db } from './service';

type BuyerHold = TransactionEntities['buyerHold'];

const OPEN = 'open';
/** One item per listing and UTC day: the reserved time charged that day, and a cooldown running on that day. */
const daySlot = (listingId: string, day: string) => `day#${listingId}#${day}`;
/** Kept two days past the day's end: an order's hold ends long before, and settles into it. */
const dayTtl = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86_400;

const listingsOf = (o: OrderRecord) => [...new Set(o.lines.map((l) => l.listingId))];

/** The buyer's limits as they stand today, read strongly consistent (checkout decides from them; its writes re-check). */
export function holdReader(db: Db): HoldReader {
  return {
    async read(buyerId, listingIds, day) {
      const keys = [{ buyerId, slot: OPEN }, ...listingIds.map((id) => ({ buyerId, slot: daySlot(id, day) }))];
      const { data } = await db.entities.buyerHold.get(keys).go({ consistent: true });
      const bySlot = new Map(data.map((item) => [item.slot, item]));
      return {
        openUnpaid: bySlot.get(OPEN)?.count ?? 0,
        listings: new Map(
          listingIds.map((id) => {
            const today = bySlot.get(daySlot(id, day));
            return [id, { cooldownUntil: today?.until ?? null, heldSeconds: today?.seconds ?? 0 }];
          }),
        ),
      };
    },
  };
}

/**
 * The writes that take a checkout's holds, in the transaction that places its orders (one for the buyer and one per
 * listing): each holds only while the limits still allow it, so concurrent checkouts of one buyer can't pass them.
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
      listingsOf(o).map((listingId) =>
        buyerHold
          .update({ buyerId, slot: daySlot(listingId, o.hold!.day) })
          .add({ seconds: o.hold!.seconds })
          .set({ ttl: dayTtl(o.hold!.day) })
          .where(
            (a, op) =>
              `(${op.notExists(a.seconds)} OR ${op.lte(a.seconds, DAILY_HOLD_SECONDS - o.hold!.seconds)}) AND ` +
              `(${op.notExists(a.until)} OR ${op.lte(a.until, now)})`,
          )
          .commit(),
      ),
    ),
  ];
}

/**
 * The writes that end an order's hold, in the transaction of its status change (funded or cancelled): one open order
 * fewer, the checkout day's time settled, and an unpaid end's cooldown on each day it runs on (the cancel's, and the
 * next when it runs past midnight), so a checkout reads only today's item. Unconditional: the order's status
 * condition in the same transaction makes it happen once.
 */
export function endHold(buyerHold: BuyerHold, o: OrderRecord, outcome: 'funded' | 'cancelled', at: string) {
  if (!o.hold) return [];
  const release = holdRelease(o, o.hold, outcome, at);
  const days = new Map<string, { seconds?: number; until?: string }>([
    [release.day, { seconds: release.secondsDelta }],
  ]);
  if (release.cooldownUntil) {
    for (const day of new Set([at.slice(0, 10), release.cooldownUntil.slice(0, 10)])) {
      days.set(day, { ...days.get(day), until: release.cooldownUntil });
    }
  }
  const { buyerId } = o;
  return [
    buyerHold.update({ buyerId, slot: OPEN }).add({ count: -1 }).commit(),
    ...listingsOf(o).flatMap((listingId) =>
      [...days].map(([day, change]) => {
        const item = buyerHold.update({ buyerId, slot: daySlot(listingId, day) });
        const set = { ttl: dayTtl(day), ...(change.until !== undefined && { until: change.until }) };
        return (change.seconds !== undefined ? item.add({ seconds: change.seconds }).set(set) : item.set(set)).commit();
      }),
    ),
  ];
}
