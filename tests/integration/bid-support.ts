import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { bidStore } from '../../functions/adapters/db/bid-store';
import { placeBid } from '../../functions/core/bids/place-bid';
import { systemClock } from '../../functions/core/clock/clock';
import { AppError } from '../../functions/lib/errors';
import type { AuctionState } from '../../functions/core/bids/auction-state';
import type { BidPlaced } from '../../shared/api/bids';
import type { StoredBid } from '../fixtures/hot-auction-invariant';
import { call } from './auth-support';
import { listItem } from './checkout-support';
import type { Account } from './route-support';
import { tableService } from './table-support';

export type BidReply = BidPlaced & { error?: { code: string; message: string } };

/** An auction of the seller's starting at `startingBidCents`, ending in `endsInMs` (default two days). */
export function auctionBy(
  seller: Account,
  opts: { startingBidCents?: number; reservePriceCents?: number; buyItNowPriceCents?: number; endsInMs?: number } = {},
) {
  const { endsInMs, ...prices } = opts;
  return listItem(seller, {
    priceCents: undefined,
    listingType: 'auction',
    startingBidCents: 1_000,
    ...prices,
    endsAt: new Date(Date.now() + (endsInMs ?? 2 * 86_400_000)).toISOString(),
  });
}

export function bid(a: Account, listingId: string, amountCents: unknown, key: string = randomUUID()) {
  return call<BidReply>('POST', `/api/listings/${listingId}/bids`, {
    token: a.token,
    from: a.from,
    body: { amountCents },
    idempotencyKey: key,
  });
}

export async function accepted(a: Account, listingId: string, amountCents: number): Promise<BidPlaced> {
  const r = await bid(a, listingId, amountCents);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

export type History = { items: { id: string; bidderUsername: string; amountCents: number; at: string }[] };

export const historyOf = (listingId: string) => call<History>('GET', `/api/listings/${listingId}/bids`);

export type AuctionPage = {
  currentBidCents: number | null;
  bidCount: number;
  endsAt: string;
  reserveStatus: string;
  viewerLeads: boolean | null;
  reservePriceCents?: number | null;
  buyItNowPriceCents: number | null;
};

export const pageOf = (listingId: string, a?: Account) =>
  call<AuctionPage>('GET', `/api/listings/${listingId}`, a ? { token: a.token, from: a.from } : {});

/** The auction's state as the table holds it (hidden leader and runner-up included). */
export async function storedAuction(listingId: string): Promise<AuctionState> {
  const read = await bidStore(tableService()).read(listingId);
  expect(read).not.toBeNull();
  return read!.state;
}

/** Every bid item the table holds for the auction. */
export async function storedBids(listingId: string): Promise<StoredBid[]> {
  const { data } = await tableService()
    .entities.bid.query.byListingAmount({ listingId })
    .go({ pages: 'all', attributes: ['bidId', 'bidderId', 'amountCents', 'at'] });
  return data as StoredBid[];
}

/**
 * A bid placed as by Lambda containers beside the stack's process: the bid use case run here, in the test process, on
 * the stack's table, each bid alone (no lane, as in Lambda; the bidder's balance taken as enough, nothing announced).
 * Its races with each other and with the stack's bids are decided by the conditional write alone. Answers as the
 * route would.
 */
export async function bidFromLambdas(a: Account, listingId: string, maxCents: number, key: string) {
  try {
    const { placed } = await placeBid(
      { userId: a.userId, listingId, maxCents, idempotencyKey: key },
      {
        store: bidStore(tableService()),
        bidder: async () => ({ username: a.username, walletAddress: a.wallet }),
        balanceCents: async () => Number.MAX_SAFE_INTEGER,
        events: { placed: async () => undefined },
        newId: (at) => ulid(at.getTime()),
        clock: systemClock,
        warn: () => undefined,
      },
    );
    return { status: 201, body: placed as BidReply };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, body: { error: { code: error.code, message: error.message } } as BidReply };
  }
}
