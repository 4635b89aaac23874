import { describe, expect, it, vi } from 'vitest';
import type { SubmitOutcome } from '../../../../functions/core/ledger/ports';
import type { CancelReason, OrderRecord } from '../../../../functions/core/orders/order';
import { anOrder } from '../../../fixtures/order-record';
import { testClock } from '../../../fixtures/test-clock';
import type { OrderRepository } from '../../../../functions/core/orders/order-store';
import { releaseReservations } from '../../../../functions/core/orders/release-reservations';
import { settleEscrowSigning, type SettleDeps } from '../../../../functions/core/orders/settle-escrow';

const NOW = new Date('2026-11-24T10:00:00Z');

const order = (over: Partial<OrderRecord> = {}) => anOrder({ orderId: 'O1', ...over });

/** Orders in memory with the store's conditional transitions; `stock` counts reserved and sold units. */
function memoryOrders(initial: OrderRecord) {
  const orders = new Map([[initial.orderId, structuredClone(initial)]]);
  const stock = { reserved: 1, sold: 0 };
  const repo: OrderRepository = {
    place: vi.fn(),
    get: async (id) => structuredClone(orders.get(id) ?? null),
    setSigning: vi.fn(),
    async startSubmitting(id, escrowCreate) {
      const o = orders.get(id)!;
      if (o.status !== 'awaiting_signature') return false;
      Object.assign(o, { status: 'submitting', escrowCreate });
      return true;
    },
    async markFunded(o, ledgerIndex) {
      const cur = orders.get(o.orderId)!;
      if (cur.status !== 'submitting') return false;
      Object.assign(cur, { status: 'funded', escrowCreate: { ...cur.escrowCreate!, ledgerIndex } });
      stock.reserved -= 1;
      stock.sold += 1;
      return true;
    },
    async cancel(o, reason: CancelReason) {
      const cur = orders.get(o.orderId)!;
      if (cur.status !== 'awaiting_signature' && cur.status !== 'submitting') return false;
      Object.assign(cur, { status: 'cancelled', cancelReason: reason });
      stock.reserved -= 1;
      return true;
    },
    startPayment: vi.fn(),
    // An auction's order keeps its unit while it waits for payment again.
    async backToPayment(o) {
      const cur = orders.get(o.orderId)!;
      if (cur.status !== o.status) return false;
      Object.assign(cur, { status: 'awaiting_payment', signing: null, escrowCreate: null });
      return true;
    },
    byBuyer: vi.fn(),
    bySeller: vi.fn(),
    unpaidOrders: vi.fn(),
    beginRelease: vi.fn(),
    beginRefund: vi.fn(),
    recordSettlement: vi.fn(),
    markCompleted: vi.fn(),
    markRefunded: vi.fn(),
    dueIn: vi.fn(),
    noteShipByNotice: vi.fn(),
    lapsedReservations: async () =>
      [...orders.values()].filter((o) => o.status === 'awaiting_signature' || o.status === 'submitting'),
  };
  return { repo, orders, stock };
}

function deps(
  repo: OrderRepository,
  over: { verdict?: boolean; outcome?: SubmitOutcome; signed?: boolean; tx?: Record<string, unknown> } = {},
) {
  const submitAndWait = vi.fn(
    async () => over.outcome ?? ({ status: 'success', txid: 'T', ledgerIndex: 9, deliveredAmount: null } as const),
  );
  const changed = vi.fn(async () => {});
  const d: SettleDeps = {
    orders: repo,
    soldOut: { markSoldOut: vi.fn(async () => {}) },
    carts: { remove: vi.fn(async () => {}) },
    signer: {
      get: async () =>
        ({
          uuid: 'U1',
          status: over.signed === false ? 'pending' : 'signed',
          txType: 'EscrowCreate',
          opened: true,
          expiresAt: '',
          response: { hex: 'BLOB', txid: 'T', account: 'rB', signerPubkey: null },
          customMeta: { identifier: null, instruction: null, blob: null },
        }) as const,
    },
    ledger: {
      verifySignedBlob: async () =>
        over.verdict === false
          ? { ok: false as const, reason: "The blob's Amount differs from the request" }
          : { ok: true as const, account: 'rB', txid: 'T', tx: over.tx ?? { Sequence: 41 } },
      submitAndWait,
    },
    rlusd: { currency: '524C555344000000000000000000000000000000', issuer: 'rI' },
    events: { changed },
    log: { warn: vi.fn() },
    clock: testClock(NOW),
  };
  return { d, submitAndWait, changed };
}

const signed = { uuid: 'U1', purpose: 'escrow-create', subjectId: 'O1', status: 'signed' } as const;

describe('settling an escrow-create request', () => {
  it('verifies, records the hash before submitting, and funds from the validated result; again is a no-op', async () => {
    const { repo, orders, stock } = memoryOrders(order());
    const { d, submitAndWait, changed } = deps(repo);
    await settleEscrowSigning(signed, d);
    expect(orders.get('O1')).toMatchObject({
      status: 'funded',
      escrowCreate: { txid: 'T', sequence: 41, ledgerIndex: 9 },
    });
    expect(stock).toEqual({ reserved: 0, sold: 1 });
    expect(changed).toHaveBeenCalledTimes(1);
    await settleEscrowSigning(signed, d);
    expect(submitAndWait).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('never submits a blob that differs from the request: the order is cancelled and its unit goes back', async () => {
    const { repo, orders, stock } = memoryOrders(order());
    const { d, submitAndWait } = deps(repo, { verdict: false });
    await settleEscrowSigning(signed, d);
    expect(submitAndWait).not.toHaveBeenCalled();
    expect(orders.get('O1')).toMatchObject({ status: 'cancelled', cancelReason: 'blob_refused' });
    expect(stock).toEqual({ reserved: 0, sold: 0 });
  });

  it('never submits an EscrowCreate signed with a TicketSequence: settlement follows Sequence, so it is refused', async () => {
    const { repo, orders, stock } = memoryOrders(order());
    const { d, submitAndWait } = deps(repo, { tx: { Sequence: 0, TicketSequence: 12 } });
    await settleEscrowSigning(signed, d);
    expect(submitAndWait).not.toHaveBeenCalled();
    expect(orders.get('O1')).toMatchObject({ status: 'cancelled', cancelReason: 'blob_refused' });
    expect(stock).toEqual({ reserved: 0, sold: 0 });
    expect(d.log.warn).toHaveBeenCalledWith('signed escrow refused', {
      orderId: 'O1',
      reason: 'The blob uses a TicketSequence, not a Sequence, for the escrow',
    });
  });

  it('a cancelled or expired request cancels the order; a tec result cancels it as ledger_failed', async () => {
    for (const [status, reason] of [
      ['cancelled', 'signing_cancelled'],
      ['expired', 'signing_expired'],
      ['timed_out', 'signing_expired'],
    ] as const) {
      const { repo, orders } = memoryOrders(order());
      await settleEscrowSigning({ ...signed, status }, deps(repo).d);
      expect(orders.get('O1')).toMatchObject({ status: 'cancelled', cancelReason: reason });
    }
    const { repo, orders } = memoryOrders(order());
    await settleEscrowSigning(
      signed,
      deps(repo, { outcome: { status: 'failed', code: 'tecUNFUNDED', txid: 'T', ledgerIndex: 9 } }).d,
    );
    expect(orders.get('O1')).toMatchObject({ status: 'cancelled', cancelReason: 'ledger_failed' });
  });

  it('a timeout leaves the order submitting (hash recorded) and throws for a retry, which resubmits the same blob', async () => {
    const { repo, orders } = memoryOrders(order());
    const first = deps(repo, { outcome: { status: 'timeout', txid: 'T', preliminaryCode: 'tesSUCCESS' } });
    await expect(settleEscrowSigning(signed, first.d)).rejects.toThrow(/not validated yet/);
    expect(orders.get('O1')).toMatchObject({ status: 'submitting', escrowCreate: { txid: 'T', blob: 'BLOB' } });
    const retry = deps(repo);
    await releaseReservations(retry.d);
    expect(retry.submitAndWait).toHaveBeenCalledWith('BLOB', expect.anything());
    expect(orders.get('O1')!.status).toBe('funded');
  });

  it("ignores a request that is not the order's own", async () => {
    const { repo, orders } = memoryOrders(order());
    await settleEscrowSigning({ ...signed, uuid: 'OTHER' }, deps(repo).d);
    expect(orders.get('O1')!.status).toBe('awaiting_signature');
  });
});

describe('lapsed reservations', () => {
  it('an unsigned order gives its units back; one signed just now is funded instead', async () => {
    const unsigned = memoryOrders(order());
    await releaseReservations(deps(unsigned.repo, { signed: false }).d);
    expect(unsigned.orders.get('O1')).toMatchObject({ status: 'cancelled', cancelReason: 'reservation_expired' });
    expect(unsigned.stock.reserved).toBe(0);

    const justSigned = memoryOrders(order());
    await releaseReservations(deps(justSigned.repo).d);
    expect(justSigned.orders.get('O1')!.status).toBe('funded');
  });
});

describe("an auction's order whose signing fails", () => {
  const auction = {
    listingId: 'L1',
    round: 'winner' as const,
    paymentDueAt: '2026-11-26T10:00:00.000Z',
    runnerUp: null,
    sellerChoice: null,
  };

  it('goes back to awaiting payment, its unit still held, whatever ended the signing', async () => {
    for (const status of ['cancelled', 'expired'] as const) {
      const { repo, orders, stock } = memoryOrders(order({ auction }));
      const { d, changed } = deps(repo);
      await settleEscrowSigning({ ...signed, status }, d);
      expect(orders.get('O1')).toMatchObject({ status: 'awaiting_payment', signing: null, cancelReason: null });
      expect(stock).toEqual({ reserved: 1, sold: 0 });
      expect(changed).toHaveBeenCalledWith(expect.objectContaining({ status: 'awaiting_payment' }), NOW);
    }
    const refused = memoryOrders(order({ auction }));
    await settleEscrowSigning(signed, deps(refused.repo, { verdict: false }).d);
    expect(refused.orders.get('O1')!.status).toBe('awaiting_payment');
    const lapsed = memoryOrders(order({ auction }));
    await releaseReservations(deps(lapsed.repo, { signed: false }).d);
    expect(lapsed.orders.get('O1')!.status).toBe('awaiting_payment');
  });

  it('is funded as any order when signed', async () => {
    const { repo, orders } = memoryOrders(order({ auction }));
    await settleEscrowSigning(signed, deps(repo).d);
    expect(orders.get('O1')!.status).toBe('funded');
  });
});
