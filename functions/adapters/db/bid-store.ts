import { listingFacets } from '../../core/listings/browse-facets';
import { sortPriceOf } from '../../core/listings/listing';
import type { AuctionState, BidderMax } from '../../core/bids/auction-state';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuctionListing, BidRecord, BidStore, StoredAnswer } from '../../core/bids/ports';
import type { BidPlaced } from '../../../shared/api/bids';
import { IDEMPOTENCY_TTL_SECONDS } from '../../lib/idempotency-ttl';
import { CARD_ATTRIBUTES } from './listing-cards';
import { NO_SUBCATEGORY } from './entities/listing';
import { facetEntry } from './listing-facets';
import type { Db } from './service';
import { cancelReasons } from './transact';

export const AUCTION_ATTRIBUTES = [
  ...CARD_ATTRIBUTES,
  'version',
  'quantity',
  'quantitySold',
  'quantityReserved',
  'leaderId',
  'leaderMaxCents',
  'leaderAt',
  'runnerUpId',
  'runnerUpMaxCents',
  'runnerUpAt',
] as const;

type Stored = Record<string, unknown>;

function bidderMax(id: unknown, maxCents: unknown, at: unknown): BidderMax | null {
  return typeof id === 'string' && typeof maxCents === 'number' && typeof at === 'string'
    ? { bidderId: id, maxCents, at }
    : null;
}

export function toAuction(l: Stored): AuctionListing {
  const listing = {
    ...(l as unknown as AuctionListing['listing']),
    version: (l.version as number | undefined) ?? 1,
    quantity: (l.quantity as number | undefined) ?? 1,
    quantitySold: (l.quantitySold as number | undefined) ?? 0,
    quantityReserved: (l.quantityReserved as number | undefined) ?? 0,
  };
  const state: AuctionState = {
    sellerId: listing.sellerId,
    status: listing.status,
    startingBidCents: listing.startingBidCents ?? 0,
    reservePriceCents: listing.reservePriceCents ?? null,
    buyItNowPriceCents: listing.buyItNowPriceCents ?? null,
    endsAt: listing.endsAt ?? new Date(0).toISOString(),
    currentBidCents: listing.currentBidCents ?? null,
    bidCount: listing.bidCount ?? 0,
    leader: bidderMax(l.leaderId, l.leaderMaxCents, l.leaderAt),
    runnerUp: bidderMax(l.runnerUpId, l.runnerUpMaxCents, l.runnerUpAt),
  };
  return { listing, state };
}

function storedAnswer(data: { amountCents: number; answer: string }): StoredAnswer {
  return { amountCents: data.amountCents, answer: JSON.parse(data.answer) as BidPlaced };
}

/** BatchGetItem leaves keys unprocessed when throttled: they are asked for again, this many times at most. */
const BATCH_ATTEMPTS = 5;

/** Bids: the auction read strongly consistent, and each accepted bid written with the listing in one transaction. */
export function bidStore(db: Db): BidStore {
  const { listing: listings, bidRequest: requests } = db.entities;
  return {
    async read(listingId) {
      const { data } = await db.entities.listing
        .get({ listingId })
        .go({ consistent: true, attributes: [...AUCTION_ATTRIBUTES] });
      return data ? toAuction(data as Stored) : null;
    },

    async answered({ userId, idempotencyKey }) {
      const { data } = await requests
        .get({ userId, idempotencyKey })
        .go({ consistent: true, attributes: ['amountCents', 'answer'] });
      return data ? storedAnswer(data) : null;
    },

    // One request for both items (a refused bid needs no other read), each read strongly consistent.
    async readWithAnswer(listingId, { userId, idempotencyKey }) {
      const wanted = [listings.get({ listingId }).params(), requests.get({ userId, idempotencyKey }).params()] as {
        Key: Record<string, string>;
        TableName: string;
      }[];
      const table = wanted[0]!.TableName;
      const items: Record<string, unknown>[] = [];
      let keys = wanted.map((w) => w.Key);
      for (let attempt = 1; keys.length > 0; attempt++) {
        if (attempt > BATCH_ATTEMPTS) throw new Error(`bid read: ${keys.length} keys left unprocessed`);
        const out = await db.client.send(
          new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
        );
        items.push(...(out.Responses?.[table] ?? []));
        keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, string>[];
      }
      const itemOf = ({ Key }: (typeof wanted)[number]) =>
        items.find((i) => Object.entries(Key).every(([name, value]) => i[name] === value));
      const [listingItem, requestItem] = wanted.map(itemOf);
      const listing = listingItem && listings.parse({ Item: listingItem }).data;
      const request = requestItem && requests.parse({ Item: requestItem }).data;
      return {
        auction: listing ? toAuction(listing as Stored) : null,
        answered: request ? storedAnswer(request) : null,
      };
    },

    async commit(read, bids) {
      const l = read.listing;
      const s = bids.at(-1)!.accepted.state;
      const leader = s.leader!;
      // The end must be ahead of every bid's time: of the first, as each later one was decided on the end it left.
      const firstAt = bids[0]!.bid.at;
      const lastAt = bids.at(-1)!.bid.at;
      const next = {
        ...l,
        currentBidCents: s.currentBidCents ?? undefined,
        bidCount: s.bidCount,
        endsAt: s.endsAt,
      };
      const sortPriceCents = sortPriceOf(next);
      // Facet entries sort by price and end only: bids that move neither (a leader's raise) leave them.
      const facets = sortPriceCents !== l.sortPriceCents || s.endsAt !== l.endsAt ? listingFacets(l) : [];
      // One entry per bidder for this auction: their last bid's maximum is their highest (it only rises).
      const entries = [...new Map(bids.map(({ bid }) => [bid.bidderId, bid])).values()];
      const result = await db.transaction
        .write(({ listing, listingFacet, bid: bidLine, bidderAuction, bidRequest }) => [
          listing
            .patch({ listingId: l.listingId })
            .set({
              currentBidCents: s.currentBidCents ?? 0,
              bidCount: s.bidCount,
              leaderId: leader.bidderId,
              leaderMaxCents: leader.maxCents,
              leaderAt: leader.at,
              ...(s.runnerUp && {
                runnerUpId: s.runnerUp.bidderId,
                runnerUpMaxCents: s.runnerUp.maxCents,
                runnerUpAt: s.runnerUp.at,
              }),
              endsAt: s.endsAt,
              // Set with the end it follows: a composite below would be checked against the stored (old) value, so
              // a bid moving the end (soft close) could never be written.
              auctionEnd: s.endsAt,
              sortPriceCents,
              updatedAt: lastAt,
              version: l.version + 1,
            })
            // The price and end-time indexes are rebuilt from these; the values are the listing's own.
            .composite({
              status: 'active',
              createdAt: l.createdAt,
              category: l.category,
              subcategoryKey: l.subcategory || NO_SUBCATEGORY,
            })
            .where(
              (a, op) =>
                `${op.eq(a.status, 'active')} AND ${op.gt(a.endsAt, firstAt)} AND ` +
                `(${op.eq(a.version, l.version)}${l.version === 1 ? ` OR ${op.notExists(a.version)}` : ''}) AND ` +
                `(${op.eq(a.quantityReserved, l.quantityReserved)}` +
                `${l.quantityReserved === 0 ? ` OR ${op.notExists(a.quantityReserved)}` : ''})`,
            )
            .commit(),
          // Facet entries carry the price and end they sort by: rewritten with the listing.
          ...facets.map((facet) =>
            listingFacet.put(facetEntry({ ...l, sortPriceCents, endsAt: s.endsAt }, facet)).commit(),
          ),
          ...bids.map(({ bid }) =>
            bidLine
              .create({
                listingId: bid.listingId,
                bidId: bid.bidId,
                bidderId: bid.bidderId,
                bidderUsername: bid.bidderUsername,
                amountCents: bid.amountCents,
                at: bid.at,
              })
              .commit(),
          ),
          // The bidder's own entry for this auction (My Activity).
          ...entries.map((bid) =>
            bidderAuction
              .put({ bidderId: bid.bidderId, listingId: bid.listingId, maxCents: bid.maxCents, lastBidAt: bid.at })
              .commit(),
          ),
          // Last, in the bids' order: a cancelled transaction's reasons are in item order.
          ...bids.map(({ request }) =>
            bidRequest
              .create({
                userId: request.userId,
                idempotencyKey: request.idempotencyKey,
                amountCents: request.amountCents,
                answer: JSON.stringify(request.answer),
                ttl: Math.floor(Date.parse(firstAt) / 1000) + IDEMPOTENCY_TTL_SECONDS,
              })
              .commit(),
          ),
        ])
        .go();
      if (!result.canceled) {
        return {
          kind: 'written',
          after: { listing: { ...next, sortPriceCents, version: l.version + 1 }, state: s },
        };
      }
      const codes = result.data.map((d) => d?.code);
      if (codes.includes('TransactionConflict') || codes[0] === 'ConditionalCheckFailed') return { kind: 'stale' };
      const first = codes.length - bids.length;
      const used = bids.map((_, i) => i).filter((i) => codes[first + i] === 'ConditionalCheckFailed');
      if (used.length > 0) return { kind: 'key_used', requests: used };
      throw new Error(`bid cancelled: ${cancelReasons(result)}`);
    },

    async history(listingId, limit) {
      const { data } = await db.entities.bid.query.byListingAmount({ listingId }).go({
        order: 'desc',
        limit,
        attributes: ['listingId', 'bidId', 'bidderId', 'bidderUsername', 'amountCents', 'at'],
      });
      return data as BidRecord[];
    },
  };
}
