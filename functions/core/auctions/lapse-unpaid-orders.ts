import type { OrderRecord } from '../orders/order';
import type { OrderRepository } from '../orders/order-store';
import { dueToLapse } from '../orders/auction-payment';
import { lapseNotices } from './auction-notices';
import type { EventPublisher } from './ports';

const BATCH = 100;

export interface LapseStore {
  /**
   * awaiting_payment -> cancelled (payment_lapsed) in one transaction with its listing: the held unit released and the
   * listing back from sold to ended (the seller may then offer a second chance or relist). False when the order was no
   * longer awaiting payment (paid meanwhile, or another run lapsed it).
   */
  lapse(order: OrderRecord, at: Date): Promise<boolean>;
}

export interface LapseDeps {
  orders: Pick<OrderRepository, 'dueIn'>;
  store: LapseStore;
  events: EventPublisher;
  log: { warn(message: string, fields: Record<string, unknown>): void };
}

/**
 * The lapse schedule (decision 029): auctions' orders still awaiting payment when their 48-hour window ends lapse,
 * found by the order index (status and deadline), never a scan, up to 100 a run (the rest the next run). Each lapse
 * is conditional on the order's status, so a second run, or one beside this, lapses nothing twice; the seller and the
 * buyer are told once.
 */
export async function lapseUnpaidOrders(at: Date, deps: LapseDeps): Promise<{ lapsed: number; failed: number }> {
  let lapsed = 0;
  let failed = 0;
  const due = (await deps.orders.dueIn('awaiting_payment', at.toISOString(), BATCH)).filter((o) => dueToLapse(o, at));
  for (const order of due) {
    try {
      if (!(await deps.store.lapse(order, at))) continue;
      lapsed++;
      await deps.events.publish(lapseNotices({ ...order, status: 'cancelled', cancelReason: 'payment_lapsed' }, at));
    } catch (error) {
      // Left for the next run; the others go on.
      failed++;
      deps.log.warn('lapsing an order failed', { orderId: order.orderId, error: String(error) });
    }
  }
  return { lapsed, failed };
}
