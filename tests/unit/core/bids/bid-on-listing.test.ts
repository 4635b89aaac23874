import { describe, expect, it, vi } from 'vitest';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import { BID_ATTEMPTS, bidOnListing, type BidOnListingDeps } from '../../../../functions/core/bids/bid-on-listing';
import { listBids } from '../../../../functions/core/bids/list-bids';
import type { AuctionListing, BidRecord } from '../../../../functions/core/bids/ports';
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

/** A store that answers reads from `state` and refuses the first `stale` commits (other bids won the race). */
function deps(
  state: AuctionState,
  opts: { stale?: number; balance?: number; listing?: Partial<AuctionListing['listing']> } = {},
) {
  let stale = opts.stale ?? 0;
  const committed: BidRecord[] = [];
  const d = {
    store: {
      read: vi.fn(async () => listingOf(state, opts.listing)),
      commit: vi.fn(async (_read: AuctionListing, _a: unknown, bid: BidRecord) => {
        if (stale-- > 0) return 'stale' as const;
        committed.push(bid);
        return 'ok' as const;
      }),
      history: vi.fn(async () => committed),
    },
    bidder: vi.fn(async () => ({ username: 'alice', walletAddress: 'rAlice' })),
    balanceCents: vi.fn(async () => opts.balance ?? 1_000_000),
    events: { placed: vi.fn(async () => undefined) },
    newId: () => `B${committed.length + 1}`,
    now: () => at(1),
    warn: vi.fn(),
    pause: async () => undefined,
  } satisfies BidOnListingDeps;
  return { d, committed };
}

describe('bidOnListing', () => {
  it('places a first bid at the starting bid and announces it', async () => {
    const { d, committed } = deps(anAuction());
    const placed = await bidOnListing('A', 'L1', 2_000, d);
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
    await bidOnListing('A', 'L1', 2_000, d);
    expect(d.store.read).toHaveBeenCalledTimes(4);
    expect(committed).toHaveLength(1);
  });

  it('gives up with a 409 after BID_ATTEMPTS lost races', async () => {
    const { d } = deps(anAuction(), { stale: BID_ATTEMPTS });
    await expect(bidOnListing('A', 'L1', 2_000, d)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses before reading the ledger when the bid is refused anyway', async () => {
    const { d } = deps(anAuction());
    await expect(bidOnListing('S', 'L1', 2_000, d)).rejects.toMatchObject({ status: 403, code: 'own_item' });
    await expect(bidOnListing('A', 'L1', 1_000, d)).rejects.toMatchObject({ status: 409, code: 'too_low' });
    await expect(bidOnListing('A', 'L1', 0.5, d)).rejects.toMatchObject({ status: 400, code: 'invalid_amount' });
    expect(d.balanceCents).not.toHaveBeenCalled();
  });

  it('refuses a maximum above the ledger balance', async () => {
    const { d } = deps(anAuction(), { balance: 1_500 });
    await expect(bidOnListing('A', 'L1', 2_000, d)).rejects.toMatchObject({
      status: 409,
      code: 'insufficient_balance',
      message: 'You need $20.00 but only have $15.00 available.',
    });
  });

  it('refuses while Buy It Now holds the unit, and a listing that is no auction', async () => {
    await expect(
      bidOnListing('A', 'L1', 2_000, deps(anAuction(), { listing: { quantityReserved: 1 } }).d),
    ).rejects.toMatchObject({ status: 409, code: 'being_bought' });
    await expect(
      bidOnListing('A', 'L1', 2_000, deps(anAuction(), { listing: { listingType: 'fixed' } }).d),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a stored bid when announcing it fails', async () => {
    const { d, committed } = deps(anAuction());
    d.events.placed.mockRejectedValueOnce(new Error('queue down'));
    await expect(bidOnListing('A', 'L1', 2_000, d)).resolves.toMatchObject({ bidCount: 1 });
    expect(committed).toHaveLength(1);
    expect(d.warn).toHaveBeenCalledOnce();
  });
});

describe('listBids', () => {
  it('lists the history without maximums, and 404 for a listing that is no auction', async () => {
    const { d } = deps(anAuction());
    await bidOnListing('A', 'L1', 2_000, d);
    expect(await listBids('L1', d.store)).toEqual({
      items: [{ id: 'B1', bidderUsername: 'alice', amountCents: 1_000, at: at(1).toISOString() }],
    });
    const fixed = deps(anAuction(), { listing: { listingType: 'fixed' } }).d;
    await expect(listBids('L1', fixed.store)).rejects.toMatchObject({ status: 404 });
  });
});
