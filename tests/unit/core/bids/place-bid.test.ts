import { describe, expect, it, vi } from 'vitest';
import type { AuctionState } from '../../../../functions/core/bids/auction-state';
import {
  BID_ATTEMPTS,
  BIDS_PER_WRITE,
  placeBid,
  type BidLane,
  type PlaceBidDeps,
  type BidRequest,
} from '../../../../functions/core/bids/place-bid';
import { listBids } from '../../../../functions/core/bids/list-bids';
import { applyBid } from '../../../../functions/core/bids/bid-rules';
import { testClock } from '../../../fixtures/test-clock';
import type {
  AuctionListing,
  BidRecord,
  BidRequestKey,
  BidToWrite,
  CommitOutcome,
  StoredAnswer,
} from '../../../../functions/core/bids/ports';
import { keyedBatches } from '../../../../functions/lib/keyed-batches';
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
 * (other bids won the race), and keeps each bidder's latest answer per auction with its key as the table does
 * (`keyUsed`: another copy of the request is stored just before this one commits).
 */
function deps(
  state: AuctionState,
  opts: { stale?: number; balance?: number; listing?: Partial<AuctionListing['listing']>; keyUsed?: boolean } = {},
) {
  let stale = opts.stale ?? 0;
  let current = listingOf(state, opts.listing);
  const committed: BidRecord[] = [];
  // Per bidder and auction: the latest bid's key and answer.
  const latest = new Map<string, { key: string; stored: StoredAnswer }>();
  const entryOf = (r: BidRequestKey) => `${r.userId}/${r.listingId}`;
  const answerOf = (r: BidRequestKey) => {
    const entry = latest.get(entryOf(r));
    return entry?.key === r.idempotencyKey ? entry.stored : null;
  };
  const store = (r: BidToWrite['request'], answer = r.answer) =>
    latest.set(entryOf(r), { key: r.idempotencyKey, stored: { amountCents: r.amountCents, answer } });
  const d = {
    store: {
      read: vi.fn(async () => current),
      answered: vi.fn(async (r: BidRequestKey) => answerOf(r)),
      readWithAnswer: vi.fn(async (r: BidRequestKey) => ({ auction: current, answered: answerOf(r) })),
      commit: vi.fn(async (read: AuctionListing, bids: readonly BidToWrite[]): Promise<CommitOutcome> => {
        if (opts.keyUsed) {
          for (const { request } of bids.filter((b) => !answerOf(b.request))) {
            store(request, { ...request.answer, bidCount: 99 });
          }
        }
        if (stale-- > 0 || read.listing.version !== current.listing.version) return { kind: 'stale' };
        const used = bids.flatMap((b, i) => (answerOf(b.request) ? [i] : []));
        if (used.length > 0) return { kind: 'key_used', requests: used };
        for (const { bid, request } of bids) {
          committed.push(bid);
          store(request);
        }
        current = {
          listing: { ...read.listing, version: read.listing.version + 1 },
          state: bids.at(-1)!.accepted.state,
        };
        return { kind: 'written', after: current };
      }),
      history: vi.fn(async () => committed),
    },
    bidder: vi.fn(async () => ({ username: 'alice', walletAddress: 'rAlice' })),
    balanceCents: vi.fn(async (_wallet: string, _need: number) => opts.balance ?? 1_000_000),
    events: { placed: vi.fn(async () => undefined) },
    newId: () => `B${committed.length + 1}`,
    clock: testClock(at(1)),
    warn: vi.fn(),
    pause: async () => undefined,
  } satisfies PlaceBidDeps;
  /** Another process's write: the stored state moves on (a new version), unknown to this one's lane until it reads. */
  const land = (next: AuctionState) => {
    current = { listing: { ...current.listing, version: current.listing.version + 1 }, state: next };
  };
  return { d, committed, land };
}

let keys = 0;
const bidOf = (userId: string, maxCents: number, idempotencyKey = `key-${++keys}`): BidRequest => ({
  userId,
  listingId: 'L1',
  maxCents,
  idempotencyKey,
});

describe('placeBid', () => {
  it('places a first bid at the starting bid and announces it', async () => {
    const { d, committed } = deps(anAuction());
    const { placed, replayed } = await placeBid(bidOf('A', 2_000), d);
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
    await placeBid(bidOf('A', 2_000), d);
    expect(d.store.readWithAnswer).toHaveBeenCalledOnce();
    expect(d.store.read).toHaveBeenCalledTimes(3);
    expect(committed).toHaveLength(1);
  });

  it('gives up with a 409 after BID_ATTEMPTS lost races', async () => {
    const { d } = deps(anAuction(), { stale: BID_ATTEMPTS });
    await expect(placeBid(bidOf('A', 2_000), d)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses before reading the ledger when the bid is refused anyway', async () => {
    const { d } = deps(anAuction());
    await expect(placeBid(bidOf('S', 2_000), d)).rejects.toMatchObject({ status: 403, code: 'own_item' });
    await expect(placeBid(bidOf('A', 1_000), d)).rejects.toMatchObject({ status: 409, code: 'too_low' });
    await expect(placeBid(bidOf('A', 0.5), d)).rejects.toMatchObject({ status: 400, code: 'invalid_amount' });
    expect(d.balanceCents).not.toHaveBeenCalled();
  });

  it('refuses a maximum above the ledger balance', async () => {
    const { d } = deps(anAuction(), { balance: 1_500 });
    await expect(placeBid(bidOf('A', 2_000), d)).rejects.toMatchObject({
      status: 409,
      code: 'insufficient_balance',
      message: 'You need $20.00 but only have $15.00 available.',
    });
  });

  it('refuses while Buy It Now holds the unit, and a listing that is no auction', async () => {
    await expect(
      placeBid(bidOf('A', 2_000), deps(anAuction(), { listing: { quantityReserved: 1 } }).d),
    ).rejects.toMatchObject({ status: 409, code: 'being_bought' });
    await expect(
      placeBid(bidOf('A', 2_000), deps(anAuction(), { listing: { listingType: 'fixed' } }).d),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('answers a retry with the same key with the first answer, placing and announcing nothing more', async () => {
    const { d, committed } = deps(anAuction());
    const first = await placeBid(bidOf('A', 2_000, 'retried-key-1'), d);
    // The rules refuse the retry (the maximum is already A's own): the stored answer is given instead.
    const again = await placeBid(bidOf('A', 2_000, 'retried-key-1'), d);
    expect(again).toEqual({ placed: first.placed, replayed: true });
    expect(committed).toHaveLength(1);
    expect(d.events.placed).toHaveBeenCalledOnce();
    // Outbid since, the retry is too low for the rules: still the first answer.
    await placeBid(bidOf('B', 5_000), d);
    expect(await placeBid(bidOf('A', 2_000, 'retried-key-1'), d)).toEqual({ placed: first.placed, replayed: true });
    // The key with another amount is another request.
    await expect(placeBid(bidOf('A', 9_000, 'retried-key-1'), d)).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(committed).toHaveLength(2);
  });

  it("keeps the answer of a bidder's latest bid on the auction: an older request sent again is refused by the rules", async () => {
    const { d, committed } = deps(anAuction());
    await placeBid(bidOf('A', 2_000, 'first-key'), d);
    const second = await placeBid(bidOf('A', 3_000, 'second-key'), d);
    expect(await placeBid(bidOf('A', 3_000, 'second-key'), d)).toEqual({ placed: second.placed, replayed: true });
    // The first request's maximum is below A's own: never a second bid.
    await expect(placeBid(bidOf('A', 2_000, 'first-key'), d)).rejects.toMatchObject({ code: 'not_above_own_max' });
    // Outbid since, it is below the price.
    await placeBid(bidOf('B', 5_000), d);
    await expect(placeBid(bidOf('A', 2_000, 'first-key'), d)).rejects.toMatchObject({ code: 'too_low' });
    expect(committed.map((b) => b.bidderId)).toEqual(['A', 'A', 'B']);
  });

  it("gives the other copy's answer when the same request, sent twice at once, was stored first", async () => {
    const { d, committed } = deps(anAuction(), { keyUsed: true });
    const answer = await placeBid(bidOf('A', 2_000), d);
    expect(answer.replayed).toBe(true);
    expect(answer.placed.bidCount).toBe(99);
    expect(committed).toHaveLength(0);
    expect(d.events.placed).not.toHaveBeenCalled();
  });

  it('refuses on one read of the listing and the stored answer, reading nothing else', async () => {
    const { d } = deps(anAuction());
    await expect(placeBid(bidOf('A', 1_000), d)).rejects.toMatchObject({ code: 'too_low' });
    expect(d.store.readWithAnswer).toHaveBeenCalledOnce();
    expect([d.store.read, d.store.answered, d.bidder, d.balanceCents].map((f) => f.mock.calls.length)).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("decides bids waiting in the process's lane each on the state the one before left, and writes them together", async () => {
    const { d, committed } = deps(anAuction());
    const lane: BidLane = keyedBatches(BIDS_PER_WRITE);
    // All five read the auction before any bid was written, so all pass the first look at the price.
    const answers = await Promise.allSettled(
      [2_000, 3_000, 2_500, 1_500, 4_000].map((max, i) => placeBid(bidOf(`B${i}`, max), { ...d, lane })),
    );
    expect(d.store.readWithAnswer).toHaveBeenCalledTimes(5);
    expect(d.store.read).not.toHaveBeenCalled();
    expect(d.store.commit).toHaveBeenCalledOnce();
    expect(committed).toHaveLength(4);
    expect(
      answers.map((a) =>
        a.status === 'fulfilled'
          ? [a.value.placed.bidCount, a.value.placed.currentBidCents, a.value.placed.leading]
          : (a.reason as { code: string }).code,
      ),
    ).toEqual([[1, 1_000, true], [2, 2_001, true], [3, 2_501, false], 'too_low', [4, 3_001, true]]);
    // Each placed bid is announced once, by its own request.
    expect(d.events.placed).toHaveBeenCalledTimes(4);
  });

  it('decides every bid of a lane again on what it reads after a lost race', async () => {
    const { d, committed, land } = deps(anAuction());
    const lane: BidLane = keyedBatches(BIDS_PER_WRITE);
    // Another process's bid (C, maximum 2,800) is stored after these bids' first look and before their write.
    d.store.commit.mockImplementationOnce(async () => {
      const other = applyBid(anAuction(), { bidderId: 'C', maxCents: 2_800, at: at(0), balanceCents: 1e9 });
      if (other.accepted) land(other.state);
      return { kind: 'stale' };
    });
    const answers = await Promise.all(
      [2_000, 2_500, 3_000].map((max, i) => placeBid(bidOf(`B${i}`, max), { ...d, lane })),
    );
    expect(d.store.read).toHaveBeenCalledOnce();
    // On C's state (price 1,000, C's maximum 2,800): 2,000 raises the price to 2,001, 2,500 to 2,501, 3,000 leads.
    expect(answers.map((a) => [a.placed.bidCount, a.placed.currentBidCents, a.placed.leading])).toEqual([
      [2, 2_001, false],
      [3, 2_501, false],
      [4, 2_801, true],
    ]);
    expect(committed).toHaveLength(3);
  });

  it('gives a copy of a request waiting in the same lane the answer the first got, placing one bid', async () => {
    const { d, committed } = deps(anAuction());
    const lane: BidLane = keyedBatches(BIDS_PER_WRITE);
    const [first, copy, other] = await Promise.all([
      placeBid(bidOf('A', 2_000, 'same-key'), { ...d, lane }),
      placeBid(bidOf('A', 2_000, 'same-key'), { ...d, lane }),
      placeBid(bidOf('B', 2_500), { ...d, lane }),
    ]);
    expect(copy).toEqual({ placed: first.placed, replayed: true });
    expect(other.placed.bidCount).toBe(2);
    expect(committed.map((b) => b.bidderId)).toEqual(['A', 'B']);
  });

  it('asks the ledger for the balance with the maximum it must cover', async () => {
    const { d } = deps(anAuction());
    await placeBid(bidOf('A', 2_345), d);
    expect(d.balanceCents).toHaveBeenCalledWith('rAlice', 2_345);
  });

  it('keeps a stored bid when announcing it fails', async () => {
    const { d, committed } = deps(anAuction());
    d.events.placed.mockRejectedValueOnce(new Error('queue down'));
    await expect(placeBid(bidOf('A', 2_000), d)).resolves.toMatchObject({ placed: { bidCount: 1 } });
    expect(committed).toHaveLength(1);
    expect(d.warn).toHaveBeenCalledOnce();
  });
});

describe('listBids', () => {
  it('lists the history without maximums, and 404 for a listing that is no auction', async () => {
    const { d } = deps(anAuction());
    await placeBid(bidOf('A', 2_000), d);
    expect(await listBids('L1', d.store)).toEqual({
      items: [{ id: 'B1', bidderUsername: 'alice', amountCents: 1_000, at: at(1).toISOString() }],
    });
    const fixed = deps(anAuction(), { listing: { listingType: 'fixed' } }).d;
    await expect(listBids('L1', fixed.store)).rejects.toMatchObject({ status: 404 });
  });
});
