/**
 * The purchase page's read with a dispute (decision 053): a local stack with no seed data, one delivered order with an
 * open dispute (four photos) stored through the app's order store, then sequential GET /api/orders/{id} requests with
 * its buyer's session through the gateway. Run on its own (`tsx tests/bench/purchase-with-dispute.ts`) it prints the
 * result as JSON.
 */
import { ulid } from 'ulid';
import { sessionDeps } from '../../functions/wiring/auth';
import { orderStore } from '../../functions/adapters/db/order-store';
import { orderDisputeStore } from '../../functions/adapters/db/order-dispute-store';
import { db } from '../../functions/adapters/db/service';
import { openSession } from '../../functions/core/auth/sessions';
import { anOrder } from '../fixtures/order-record';
import { startBareStack } from './bare-stack';
import { sequentialLatency } from './percentile';

const WARM_UP = 30;
const TIMED = 300;

export interface PurchaseReadResult {
  p50: number;
  p95: number;
  n: number;
}

export async function purchaseWithDispute(): Promise<PurchaseReadResult> {
  const stack = await startBareStack('purchase');
  try {
    // The handlers run in this process, so db() is theirs (created after the stack set the env).
    const buyerId = ulid();
    const { token } = await openSession(buyerId, sessionDeps());
    const now = new Date();
    const order = anOrder({
      orderId: ulid(),
      buyerId,
      status: 'awaiting_signature',
      escrow: { ...anOrder().escrow, cancelAfter: new Date(now.getTime() + 5 * 86_400_000).toISOString() },
    });
    await orderStore(db()).place([order], [], []);
    // Delivered with an open dispute, as the dispute's own write leaves it.
    await db()
      .entities.order.patch({ orderId: order.orderId })
      .set({ status: 'delivered', releaseDueAt: now.toISOString() })
      .go();
    const delivered = (await orderStore(db()).get(order.orderId))!;
    const opened = await orderDisputeStore(db()).open(
      delivered,
      {
        reason: 'not_as_described',
        description: 'x'.repeat(2_000),
        photoKeys: [1, 2, 3, 4].map((i) => `dispute-photos/${order.orderId}/${ulid()}-${i}.jpg`),
        status: 'open',
        openedAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 4 * 86_400_000).toISOString(),
        resolution: null,
      },
      now.toISOString(),
    );
    if (!opened) throw new Error('the dispute was not written');
    const get = async () => {
      const res = await fetch(`${stack.url}/api/orders/${order.orderId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /api/orders/{id} -> ${res.status}: ${await res.text()}`);
      return (await res.json()) as { dispute: { photoUrls: string[] } | null };
    };
    if ((await get()).dispute?.photoUrls.length !== 4) throw new Error('the purchase has no dispute with its photos');
    return await sequentialLatency(get, WARM_UP, TIMED);
  } finally {
    await stack.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await purchaseWithDispute()));
  process.exit(0);
}
