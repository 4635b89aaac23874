import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bidStore } from '../../functions/adapters/db/bid-store';
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
