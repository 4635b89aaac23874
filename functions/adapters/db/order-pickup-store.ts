import type { PickupTries } from '../../core/orders/decide-pickup';
import { conditionally } from './conditional';
import { storedPickup } from './order-store';
import type { Db } from './service';

/** Pickup codes (decision 040): the seller's tries counted on the order, the plain code read for its buyer alone. */
export function orderPickupStore(db: Db): PickupTries & {
  codeFor(orderId: string, buyerId: string): Promise<string | null>;
} {
  const { order, pickupCode } = db.entities;
  return {
    countTry(orderId, read, next, at) {
      const { pickupTries, pickupPausedUntil } = storedPickup(next);
      return conditionally(() =>
        order
          .patch({ orderId })
          .set({ pickupTries: pickupTries!, updatedAt: at, ...(pickupPausedUntil && { pickupPausedUntil }) })
          .where(
            (a, op) =>
              `${op.eq(a.status, 'funded')} AND ${op.eq(a.pickupCodeHash, read.codeHash)} AND ` +
              `${op.eq(a.pickupTries, read.tries)} AND ` +
              (read.pausedUntil === null
                ? op.notExists(a.pickupPausedUntil)
                : op.eq(a.pickupPausedUntil, read.pausedUntil)),
          )
          .go(),
      );
    },
    async codeFor(orderId, buyerId) {
      const { data } = await pickupCode.get({ orderId }).go({ consistent: true });
      return data && data.buyerId === buyerId ? data.code : null;
    },
  };
}
