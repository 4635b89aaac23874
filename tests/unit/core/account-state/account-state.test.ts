import { describe, expect, it } from 'vitest';
import { confirmsUsername } from '../../../../shared/domain/account-state';
import { ORDER_STATUSES } from '../../../../shared/domain/order-status';
import { RETURN_STAGES } from '../../../../shared/domain/returns';
import {
  isOpenOrder,
  type OrderFacts,
  type SweptListing,
} from '../../../../functions/core/account-state/account-rules';
import { LEASE_MS, RETRY_MS, SWEEP_PAGE } from '../../../../functions/core/account-state/account-work';
import { deactivateStore } from '../../../../functions/core/account-state/deactivate-store';
import { deleteMyData } from '../../../../functions/core/account-state/delete-my-data';
import { eraseAllAtOnce } from '../../../../functions/core/account-state/erasers';
import type { AccountState, AccountStateDeps, Eraser } from '../../../../functions/core/account-state/ports';
import { reactivateStore } from '../../../../functions/core/account-state/reactivate-store';
import { resumeAccountWork } from '../../../../functions/core/account-state/resume-account-work';
import { assertStoreOpen } from '../../../../functions/core/account-state/store-state';
import { testClock } from '../../../fixtures/test-clock';

const order = (o: Partial<OrderFacts> = {}): OrderFacts => ({
  orderId: 'O1',
  role: 'seller',
  status: 'completed',
  releaseHold: null,
  disputeOpen: false,
  returnStage: null,
  ...o,
});

describe('open orders', () => {
  it('are those not cancelled, completed or refunded', () => {
    const open = ORDER_STATUSES.filter((status) => isOpenOrder(order({ status })));
    expect(open).toEqual([
      'awaiting_payment',
      'awaiting_signature',
      'submitting',
      'funded',
      'shipped',
      'delivered',
      'releasing',
      'refunding',
    ]);
  });

  it('include a final one with a hold, an open dispute or a return that has not ended, bought or sold', () => {
    expect(isOpenOrder(order({ releaseHold: 'return' }))).toBe(true);
    expect(isOpenOrder(order({ disputeOpen: true, role: 'buyer' }))).toBe(true);
    const openStages = RETURN_STAGES.filter((returnStage) => isOpenOrder(order({ returnStage })));
    expect(openStages).toEqual(['pending', 'approved', 'shipped', 'refund_due', 'escalated', 'refund_owed']);
    expect(isOpenOrder(order({ status: 'refunded', returnStage: 'completed', role: 'buyer' }))).toBe(false);
  });
});

describe('the Delete Data confirmation', () => {
  it('is the username exactly, spaces around it aside', () => {
    expect(confirmsUsername('alice_1', 'alice_1')).toBe(true);
    expect(confirmsUsername('  alice_1 ', 'alice_1')).toBe(true);
    expect(confirmsUsername('Alice_1', 'alice_1')).toBe(false);
    expect(confirmsUsername('alice', 'alice_1')).toBe(false);
    expect(confirmsUsername('', 'alice_1')).toBe(false);
  });
});

type Listing = SweptListing & { title: string };

/** An account's state, listings, orders and erasers in memory; `steps` limits each run's budget (Infinity: no limit). */
function world(opts: { listings?: Listing[]; orders?: OrderFacts[]; erasers?: Eraser[]; bids?: number } = {}) {
  const clock = testClock('2030-01-01T00:00:00Z');
  let stored: AccountState | null = null;
  const listings = opts.listings ?? [];
  const calls: string[] = [];
  let steps = Infinity;
  const deps: AccountStateDeps = {
    states: {
      get: async () => (stored ? structuredClone(stored) : null),
      save: async (next, expected) => {
        if ((stored?.version ?? 0) !== expected) return false;
        stored = structuredClone(next);
        return true;
      },
      due: async (at) => (stored?.dueAt && stored.dueAt < at ? [stored.userId] : []),
    },
    listings: {
      page: async (_seller, cursor, limit) => {
        const from = cursor ? Number(cursor) : 0;
        const items = listings.slice(from, from + limit).map((l) => ({ ...l }));
        return { items, cursor: from + limit < listings.length ? String(from + limit) : null };
      },
      pause: async (l) => {
        const it = listings.find((x) => x.listingId === l.listingId)!;
        if (it.status !== 'active' || it.quantityReserved > 0) return false;
        it.status = 'paused';
        return true;
      },
      resume: async (l) => {
        const it = listings.find((x) => x.listingId === l.listingId)!;
        if (it.status !== 'paused') return false;
        it.status = 'active';
        return true;
      },
    },
    checks: {
      orders: async () => opts.orders ?? [],
      auctionWithBids: async () =>
        listings.find((l) => l.listingType === 'auction' && l.status === 'active' && l.bidCount > 0)?.title ?? null,
      runningBids: async () => opts.bids ?? 0,
    },
    accounts: { user: async (userId) => ({ userId, username: 'alice_1' }) },
    erasers: opts.erasers ?? [],
    clock,
    budget: () => {
      let left = steps;
      return { more: () => left-- > 0 };
    },
    log: { error: (message) => calls.push(`logged: ${message}`) },
  };
  return {
    deps,
    clock,
    listings,
    calls,
    state: () => stored,
    limit: (n: number) => {
      steps = n;
    },
  };
}

const fixed = (n: number, o: Partial<Listing> = {}): Listing[] =>
  Array.from({ length: n }, (_, i) => ({
    listingId: `L${i}`,
    title: `Lamp ${i}`,
    status: 'active',
    listingType: 'fixed',
    bidCount: 0,
    quantityReserved: 0,
    ...o,
  }));

describe('Deactivate and Reactivate', () => {
  it('are refused with an open order, bought or sold, or a running auction with bids, changing nothing', async () => {
    const w = world({ orders: [order({ status: 'shipped', role: 'buyer' })], listings: fixed(2) });
    await expect(deactivateStore('U', w.deps)).rejects.toMatchObject({ status: 409, code: 'open_orders' });
    const auction = { ...fixed(1)[0]!, listingId: 'A', title: 'Clock', listingType: 'auction' as const, bidCount: 2 };
    const v = world({ listings: [...fixed(1), auction] });
    await expect(deactivateStore('U', v.deps)).rejects.toMatchObject({
      status: 409,
      code: 'auction_with_bids',
      message: expect.stringContaining('"Clock" has bids'),
    });
    expect([w.state(), v.state()]).toEqual([null, null]);
    expect(w.listings.every((l) => l.status === 'active')).toBe(true);
  });

  it('pauses a large store a page per step within the budget; the schedule finishes; twice changes nothing', async () => {
    const w = world({ listings: fixed(SWEEP_PAGE * 3 + 1) });
    w.limit(1);
    expect(await deactivateStore('U', w.deps)).toEqual({ storeStatus: 'deactivating' });
    expect(w.listings.filter((l) => l.status === 'paused')).toHaveLength(SWEEP_PAGE);
    // Out of budget: due at once for the schedule, and listings are refused at once.
    expect(w.state()!.dueAt).toBe(w.clock.now().toISOString());
    await expect(assertStoreOpen('U', w.deps.states)).rejects.toMatchObject({ code: 'store_deactivated' });

    w.clock.advance(1000);
    w.limit(Infinity);
    expect(await resumeAccountWork(w.deps)).toEqual({ taken: 1, finished: 1, waiting: 0 });
    expect(w.state()).toMatchObject({ storeStatus: 'deactivated', sweep: null, dueAt: null });
    expect(w.listings.every((l) => l.status === 'paused')).toBe(true);
    const version = w.state()!.version;
    expect(await resumeAccountWork(w.deps)).toEqual({ taken: 0, finished: 0, waiting: 0 });
    expect(await deactivateStore('U', w.deps)).toEqual({ storeStatus: 'deactivated' });
    expect(w.state()!.version).toBe(version);

    expect(await reactivateStore('U', w.deps)).toEqual({ storeStatus: 'active' });
    expect(w.listings.every((l) => l.status === 'active')).toBe(true);
    await expect(assertStoreOpen('U', w.deps.states)).resolves.toBeUndefined();
  });

  it('leaves a listing a checkout holds for a later pass, and is deactivated once it can pause it', async () => {
    const w = world({ listings: [...fixed(2), ...fixed(1, { listingId: 'HELD', quantityReserved: 1 })] });
    expect(await deactivateStore('U', w.deps)).toEqual({ storeStatus: 'deactivating' });
    expect(w.state()!.dueAt).toBe(new Date(w.clock.now().getTime() + RETRY_MS).toISOString());
    expect(w.listings.map((l) => l.status)).toEqual(['paused', 'paused', 'active']);
    // Not due yet: the schedule leaves it.
    expect((await resumeAccountWork(w.deps)).taken).toBe(0);
    w.listings[2]!.quantityReserved = 0;
    w.clock.advance(RETRY_MS + 1);
    expect(await resumeAccountWork(w.deps)).toEqual({ taken: 1, finished: 1, waiting: 0 });
    expect(w.state()!.storeStatus).toBe('deactivated');
  });

  it('a reactivation asked midway puts back what the deactivation had paused', async () => {
    const w = world({ listings: fixed(SWEEP_PAGE * 2) });
    w.limit(1);
    await deactivateStore('U', w.deps);
    w.limit(Infinity);
    expect(await reactivateStore('U', w.deps)).toEqual({ storeStatus: 'active' });
    expect(w.listings.every((l) => l.status === 'active')).toBe(true);
  });
});

/** An eraser that records its calls, goes through `pages` pages and fails once at `failAt` (a crash). */
function recording(name: string, calls: string[], pages = 1, failAt?: number): Eraser {
  let failed = false;
  return {
    name,
    async step(_userId, cursor) {
      const page = cursor ? Number(cursor) : 0;
      if (page === failAt && !failed) {
        failed = true;
        throw new Error(`${name} crashed`);
      }
      calls.push(`${name}:${page}`);
      return page + 1 < pages ? { done: false, cursor: String(page + 1) } : { done: true };
    },
  };
}

describe('Delete Data', () => {
  it('needs the username typed exactly, and waits for open escrows and running auctions, erasing nothing', async () => {
    const calls: string[] = [];
    const erasers = [recording('sessions', calls)];
    const w = world({ erasers });
    await expect(deleteMyData('U', 'alice', w.deps)).rejects.toMatchObject({
      status: 400,
      code: 'confirmation_mismatch',
    });
    const open = world({ erasers, orders: [order({ status: 'funded', role: 'buyer' })] });
    await expect(deleteMyData('U', 'alice_1', open.deps)).rejects.toMatchObject({ status: 409, code: 'open_escrows' });
    const disputed = world({ erasers, orders: [order({ status: 'delivered', releaseHold: 'dispute' })] });
    await expect(deleteMyData('U', 'alice_1', disputed.deps)).rejects.toMatchObject({ code: 'open_escrows' });
    const bidding = world({ erasers, bids: 2 });
    await expect(deleteMyData('U', 'alice_1', bidding.deps)).rejects.toMatchObject({
      code: 'running_bids',
      message: expect.stringContaining('2 auctions'),
    });
    expect(calls).toEqual([]);
  });

  it('runs the erasers in order; a crash midway and the schedule finish the job; again changes nothing', async () => {
    const calls: string[] = [];
    const erasers = [recording('sessions', calls), recording('orders', calls, 3, 1), recording('account', calls)];
    const w = world({ erasers, listings: fixed(1) });
    // The crash is logged; the request answers that the erasure goes on (the user is signed out already).
    expect(await deleteMyData('U', ' alice_1 ', w.deps)).toEqual({ status: 'erasing' });
    expect(w.calls).toEqual(['logged: account work failed; the schedule goes on with it']);
    expect(calls).toEqual(['sessions:0', 'orders:0']);
    expect(w.state()!.erasure).toMatchObject({ status: 'erasing', step: 'orders', cursor: '1' });
    // The request's lease holds the account from the schedule until it runs out.
    expect((await resumeAccountWork(w.deps)).taken).toBe(0);
    await expect(deactivateStore('U', w.deps)).rejects.toMatchObject({ code: 'account_erasing' });
    await expect(assertStoreOpen('U', w.deps.states)).rejects.toMatchObject({ code: 'account_erasing' });

    w.clock.advance(LEASE_MS + 1);
    expect(await resumeAccountWork(w.deps)).toEqual({ taken: 1, finished: 1, waiting: 0 });
    expect(calls).toEqual(['sessions:0', 'orders:0', 'orders:1', 'orders:2', 'account:0']);
    expect(w.state()!.erasure).toMatchObject({ status: 'erased', erasedAt: w.clock.now().toISOString() });
    expect(await deleteMyData('U', 'anything', w.deps)).toEqual({ status: 'erased' });
    expect(calls).toHaveLength(5);
  });

  it('stops when its budget ends (erasing) and goes on with the next eraser; eraseAllAtOnce is one step', async () => {
    const calls: string[] = [];
    const removed: string[] = [];
    const w = world({
      erasers: [
        recording('sessions', calls, 2),
        eraseAllAtOnce('follows', async (id) => void removed.push(id)),
        recording('account', calls),
      ],
    });
    w.limit(1);
    expect(await deleteMyData('U', 'alice_1', w.deps)).toEqual({ status: 'erasing' });
    w.limit(Infinity);
    w.clock.advance(1);
    await resumeAccountWork(w.deps);
    expect(calls).toEqual(['sessions:0', 'sessions:1', 'account:0']);
    expect(removed).toEqual(['U']);
    expect(w.state()!.erasure!.status).toBe('erased');
  });
});
