import { describe, expect, it, vi } from 'vitest';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import {
  BID_ATTEMPTS,
  bidOnListing,
  type BidOnListingDeps,
  type BidRequest,
} from '../../../../functions/core/bids/bid-on-listing';
import { listBids } from '../../../../functions/core/bids/list-bids';
import type { AuctionListing, BidRecord, StoredAnswer } from '../../../../functions/core/bids/ports';
import { keyedLane } from '../../../../functions/lib/keyed-lane';
import { anAuction, at } from './bid-fixtures';

function listingOf(state: AuctionState, over: Partial<AuctionListing['listing']> = {}): AuctionListing {
  return {
    state,
    listing: {
      listingId: 'L1',
      sellerId: state.sellerId,
      sellerUsername: 'seller',
      title: 'Brass Lantern',
      category: 'Home & Garden',
      condition: 'good',
      listingType: 'auction',
      startingBidCents: state.startingBidCents,
      status: state.status,
      endsAt: state.endsAt,
      sortPriceCents: state.startingBidCents,
      createdAt: '2026-06-01T00:00:00.000Z',
      version: 1,
      quantity: 1,
      quantitySold: 0,
      quantityReserved: 0,
      ...over,
    },
  };
}

/**
 * A store that answers reads from `state` (a written bid's state once one is), refuses the first `stale` commits
 * (other bids won the race), and keeps each request's answer by key as the table does (`keyUsed`: another copy of the
 * request is stored just before this one commits).
 */
function deps(
  state: AuctionState,
  opts: { stale?: number; balance?: number; listing?: Partial<AuctionListing['listing']>; keyUsed?: boolean } = {},
) {
  let stale = opts.stale ?? 0;
  let current = listingOf(state, opts.listing);
  const committed: BidRecord[] = [];
  const answers = new Map<string, StoredAnswer>();
  const d = {
    store: {
      read: vi.fn(async () => current),
      answered: vi.fn(
        async (r: { userId: string; idempotencyKey: string }) => answers.get(`${r.userId}/${r.idempotencyKey}`) ?? null,
      ),
      readWithAnswer: vi.fn(async (_id: string, r: { userId: string; idempotencyKey: string }) => ({
        auction: current,
        answered: answers.get(`${r.userId}/${r.idempotencyKey}`) ?? null,
      })),
      commit: vi.fn(
        async (
          read: AuctionListing,
          a: { state: AuctionState },
          bid: BidRecord,
          _now: Date,
          request: { userId: string; idempotencyKey: string } & StoredAnswer,
        ) => {
          const key = `${request.userId}/${request.idempotencyKey}`;
          if (opts.keyUsed && !answers.has(key)) {
            answers.set(key, { amountCents: request.amountCents, answer: { ...request.answer, bidCount: 99 } });
          }
          if (answers.has(key)) return { kind: 'key_used' as const };
          if (stale-- > 0 || read.listing.version !== current.listing.version) return { kind: 'stale' as const };
          committed.push(bid);
          answers.set(key, { amountCents: request.amountCents, answer: request.answer });
          current = { listing: { ...read.listing, version: read.listing.version + 1 }, state: a.state };
          return { kind: 'written' as const, after: current };
        },
      ),
      history: vi.fn(async () => committed),
    },
    bidder: vi.fn(async () => ({ username: 'alice', walletAddress: 'rAlice' })),
    balanceCents: vi.fn(async (_wallet: string, _need: number) => opts.balance ?? 1_000_000),
    events: { placed: vi.fn(async () => undefined) },
    newId: () => `B${committed.length + 1}`,
    now: () => at(1),
    warn: vi.fn(),
    pause: async () => undefined,
  } satisfies BidOnListingDeps;
  return { d, committed };
}

let keys = 0;
const bidOf = (userId: string, maxCents: number, idempotencyKey = `key-${++keys}`): BidRequest => ({
  userId,
  listingId: 'L1',
  maxCents,
  idempotencyKey,
});

describe('bidOnListing', () => {
  it('places a first bid at the starting bid and announces it', async () => {
    const { d, committed } = deps(anAuction());
    const { placed, replayed } = await bidOnListing(bidOf('A', 2_000), d);
    expect(replayed).toBe(false);
    expect(placed).toEqual({
      listingId: 'L1',
      currentBidCents: 1_000,
      bidCount: 1,
      endsAt: anAuction().endsAt,
      reserveStatus: 'none',
      leading: true,
      bid: { id: 'B1', bidderUsername: 'alice', amountCents: 1_000, at: at(1).toISOString() },
    });
    expect(committed).toHaveLength(1);
    // The store gets the maximum for the bidder's own entry (My Activity); the history line shows the price only.
    expect(committed[0]).toMatchObject({ bidderId: 'A', amountCents: 1_000, maxCents: 2_000 });
    expect(d.events.placed).toHaveBeenCalledOnce();
  });

  it('reads again after a lost race and places the bid once', async () => {
    const { d, committed } = deps(anAuction(), { stale: 3 });
    await bidOnListing(bidOf('A', 2_000), d);
    expect(d.store.readWithAnswer).toHaveBeenCalledOnce();
    expect(d.store.read).toHaveBeenCalledTimes(3);
    expect(committed).toHaveLength(1);
  });

  it('gives up with a 409 after BID_ATTEMPTS lost races', async () => {
    const { d } = deps(anAuction(), { stale: BID_ATTEMPTS });
    await expect(bidOnListing(bidOf('A', 2_000), d)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses before reading the ledger when the bid is refused anyway', async () => {
    const { d } = deps(anAuction());
    await expect(bidOnListing(bidOf('S', 2_000), d)).rejects.toMatchObject({ status: 403, code: 'own_item' });
    await expect(bidOnListing(bidOf('A', 1_000), d)).rejects.toMatchObject({ status: 409, code: 'too_low' });
    await expect(bidOnListing(bidOf('A', 0.5), d)).rejects.toMatchObject({ status: 400, code: 'invalid_amount' });
    expect(d.balanceCents).not.toHaveBeenCalled();
  });

  it('refuses a maximum above the ledger balance', async () => {
    const { d } = deps(anAuction(), { balance: 1_500 });
    await expect(bidOnListing(bidOf('A', 2_000), d)).rejects.toMatchObject({
      status: 409,
      code: 'insufficient_balance',
      message: 'You need $20.00 but only have $15.00 available.',
    });
  });

  it('refuses while Buy It Now holds the unit, and a listing that is no auction', async () => {
    await expect(
      bidOnListing(bidOf('A', 2_000), deps(anAuction(), { listing: { quantityReserved: 1 } }).d),
    ).rejects.toMatchObject({ status: 409, code: 'being_bought' });
    await expect(
      bidOnListing(bidOf('A', 2_000), deps(anAuction(), { listing: { listingType: 'fixed' } }).d),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('answers a retry with the same key with the first answer, placing and announcing nothing more', async () => {
    const { d, committed } = deps(anAuction());
    const first = await bidOnListing(bidOf('A', 2_000, 'retried-key-1'), d);
    // The rules refuse the retry (the maximum is already A's own): the stored answer is given instead.
    const again = await bidOnListing(bidOf('A', 2_000, 'retried-key-1'), d);
    expect(again).toEqual({ placed: first.placed, replayed: true });
    expect(committed).toHaveLength(1);
    expect(d.events.placed).toHaveBeenCalledOnce();
    // Outbid since, the retry is too low for the rules: still the first answer.
    await bidOnListing(bidOf('B', 5_000), d);
    expect(await bidOnListing(bidOf('A', 2_000, 'retried-key-1'), d)).toEqual({ placed: first.placed, replayed: true });
    // The key with another amount is another request.
    await expect(bidOnListing(bidOf('A', 9_000, 'retried-key-1'), d)).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(committed).toHaveLength(2);
  });

  it("gives the other copy's answer when the same request, sent twice at once, was stored first", async () => {
    const { d, committed } = deps(anAuction(), { keyUsed: true });
    const answer = await bidOnListing(bidOf('A', 2_000), d);
    expect(answer.replayed).toBe(true);
    expect(answer.placed.bidCount).toBe(99);
    expect(committed).toHaveLength(0);
    expect(d.events.placed).not.toHaveBeenCalled();
  });

  it('refuses on one read of the listing and the stored answer, reading nothing else', async () => {
    const { d } = deps(anAuction());
    await expect(bidOnListing(bidOf('A', 1_000), d)).rejects.toMatchObject({ code: 'too_low' });
    expect(d.store.readWithAnswer).toHaveBeenCalledOnce();
    expect([d.store.read, d.store.answered, d.bidder, d.balanceCents].map((f) => f.mock.calls.length)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("decides bids waiting in the process's lane on the state the one before wrote, reading the listing once each", async () => {
    const { d, committed } = deps(anAuction());
    const lane = keyedLane<AuctionListing>();
    // All five read the auction before any bid was written, so all pass the first look at the price.
    const answers = await Promise.allSettled(
      [2_000, 3_000, 2_500, 1_500, 4_000].map((max, i) => bidOnListing(bidOf(`B${i}`, max), { ...d, lane })),
    );
    expect(d.store.readWithAnswer).toHaveBeenCalledTimes(5);
    expect(d.store.read).not.toHaveBeenCalled();
    expect(d.store.commit).toHaveBeenCalledTimes(4);
    expect(committed).toHaveLength(4);
    expect(
      answers.map((a) =>
        a.status === 'fulfilled'
          ? [a.value.placed.bidCount, a.value.placed.currentBidCents, a.value.placed.leading]
          : (a.reason as { code: string }).code,
      ),
    ).toEqual([[1, 1_000, true], [2, 2_001, true], [3, 2_501, false], 'too_low', [4, 3_001, true]]);
  });

  it('asks the ledger for the balance with the maximum it must cover', async () => {
    const { d } = deps(anAuction());
    await bidOnListing(bidOf('A', 2_345), d);
    expect(d.balanceCents).toHaveBeenCalledWith('rAlice', 2_345);
  });

  it('keeps a stored bid when announcing it fails', async () => {
    const { d, committed } = deps(anAuction());
    d.events.placed.mockRejectedValueOnce(new Error('queue down'));
    await expect(bidOnListing(bidOf('A', 2_000), d)).resolves.toMatchObject({ placed: { bidCount: 1 } });
    expect(committed).toHaveLength(1);
    expect(d.warn).toHaveBeenCalledOnce();
  });
});

describe('listBids', () => {
  it('lists the history without maximums, and 404 for a listing that is no auction', async () => {
    const { d } = deps(anAuction());
    await bidOnListing(bidOf('A', 2_000), d);
    expect(await listBids('L1', d.store)).toEqual({
      items: [{ id: 'B1', bidderUsername: 'alice', amountCents: 1_000, at: at(1).toISOString() }],
    });
    const fixed = deps(anAuction(), { listing: { listingType: 'fixed' } }).d;
    await expect(listBids('L1', fixed.store)).rejects.toMatchObject({ status: 404 });
  });
});
