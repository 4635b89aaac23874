import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { cancelEscrowSigning, type CancelSigningDeps } from '../../../../functions/core/orders/cancel-escrow-signing';
import { ORDER_WITHDRAWN } from '../../../../shared/api/orders';
import { anOrder } from '../../../fixtures/order-record';
import { testClock } from '../../../fixtures/test-clock';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';

const NOW = new Date('2026-11-24T10:01:00Z');

/** The order in memory with the store's conditional cancel and back-to-payment. */
function deps(initial: OrderRecord) {
  let stored = structuredClone(initial);
  const d = {
    orders: {
      get: async (id: string) => (id === stored.orderId ? structuredClone(stored) : null),
      cancel: vi.fn(async (o: OrderRecord, reason: OrderRecord['cancelReason'], at: string) => {
        if (stored.status !== 'awaiting_signature' && stored.status !== 'submitting') return false;
        stored = { ...stored, status: 'cancelled', cancelReason: reason, cancelledAt: at };
        return true;
      }),
      backToPayment: vi.fn(async () => {
        stored = { ...stored, status: 'awaiting_payment', signing: null };
        return true;
      }),
      byBuyer: vi.fn(),
      bySeller: vi.fn(),
      unpaidOrders: vi.fn(),
    },
    links: {
      mediaUrl: (key: string) => `/media/${key}`,
      transactionUrl: (hash: string) => `/tx/${hash}`,
      protection: DEFAULT_PROTECTION,
    },
    signer: { cancel: vi.fn(async () => ({ cancelled: true, reason: 'ok' as const })) },
    checkNow: vi.fn(async () => {}),
    events: { changed: vi.fn(async () => {}) },
    clock: testClock(NOW),
  } satisfies CancelSigningDeps;
  return { d, current: () => stored };
}

describe('withdrawing an order (DELETE /api/orders/{id}/escrow-signing)', () => {
  it('withdraws an order no wallet request was made for: cancelled as withdrawn, units back, announced', async () => {
    const { d, current } = deps(anOrder({ orderId: 'O1', signing: null }));
    await cancelEscrowSigning('B', 'O1', d);
    expect(current()).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn', cancelledAt: NOW.toISOString() });
    expect(d.signer.cancel).not.toHaveBeenCalled();
    expect(d.events.changed).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 'O1', status: 'cancelled', cancelReason: 'withdrawn' }),
      NOW,
    );
    // Asked again, it says it was withdrawn, not that it was cancelled some other way.
    await expect(cancelEscrowSigning('B', 'O1', d)).rejects.toMatchObject({
      status: 409,
      code: 'order_cancelled',
      message: ORDER_WITHDRAWN,
    });
  });

  it("puts an unsigned auction order back to payment (the winner's window stays open)", async () => {
    const auction = { round: 'winner', paymentDueAt: '2026-11-26T10:00:00.000Z' } as unknown as OrderRecord['auction'];
    const { d, current } = deps(anOrder({ orderId: 'O1', signing: null, auction }));
    await cancelEscrowSigning('B', 'O1', d);
    expect(current().status).toBe('awaiting_payment');
    expect(d.orders.cancel).not.toHaveBeenCalled();
  });

  it('withdraws the open wallet request of a signing order and settles by it', async () => {
    const { d, current } = deps(anOrder({ orderId: 'O1' }));
    // Answered with the order as its buyer now sees it.
    expect(await cancelEscrowSigning('B', 'O1', d)).toMatchObject({ id: 'O1', status: 'awaiting_signature' });
    expect(d.signer.cancel).toHaveBeenCalledWith('U1');
    expect(d.checkNow).toHaveBeenCalledWith('U1');
    expect(d.orders.cancel).not.toHaveBeenCalled();
    expect(current().status).toBe('awaiting_signature');
  });

  it("is 404 for another buyer's order and names what an order in payment is", async () => {
    const { d } = deps(anOrder({ orderId: 'O1', signing: null }));
    await expect(cancelEscrowSigning('X', 'O1', d)).rejects.toMatchObject({ status: 404 });
    const paying = deps(anOrder({ orderId: 'O1', status: 'awaiting_payment', signing: null }));
    await expect(cancelEscrowSigning('B', 'O1', paying.d)).rejects.toMatchObject({
      status: 409,
      message: 'This order is waiting for payment.',
    });
  });
});
