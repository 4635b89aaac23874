import { sortPriceOf } from '../../core/listings/listing';
import type { AuctionState, BidderMax } from '../../core/bids/auction-state';
import type {
  AuctionListing,
  BidRecord,
  BidRequestKey,
  BidStore,
  BidToWrite,
  StoredAnswer,
} from '../../core/bids/ports';
import type { BidPlaced } from '../../../shared/api/bids';
import { readByKey } from './read-by-key';
import { CARD_ATTRIBUTES } from './listing-cards';
import { NO_SUBCATEGORY } from './entities/listing';
import { facetEntries } from './listing-facets';
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

/** The entry's stored answer when it is this request's: the bidder's latest bid on the auction had this key. */
function storedAnswer(entry: Stored | undefined, { idempotencyKey }: BidRequestKey): StoredAnswer | null {
  if (entry?.requestKey !== idempotencyKey || typeof entry.answer !== 'string') return null;
  return { amountCents: entry.maxCents as number, answer: JSON.parse(entry.answer) as BidPlaced };
}

type Entry = BidToWrite['bid'] & { keys: string[]; answer: BidPlaced };

/** Each bidder's entry for the auction after these bids: their last bid's maximum and answer, and all their keys. */
function entriesOf(bids: readonly BidToWrite[]): Entry[] {
  const entries = new Map<string, Entry>();
  for (const { bid, request } of bids) {
    const keys = entries.get(bid.bidderId)?.keys ?? [];
    entries.set(bid.bidderId, { ...bid, keys: [...keys, request.idempotencyKey], answer: request.answer });
  }
  return [...entries.values()];
}

/**
 * Bids: the auction read strongly consistent, and accepted bids written with the listing in one transaction. Single
 * items are read through the process's batched reads (batched-reads.ts), so a burst of bids reads the listing once.
 */
/** A batch's listing item, parsed once for every bid that read it (the batched read hands each the same object). */
const parsed = new WeakMap<object, Stored>();

export function bidStore(db: Db): BidStore {
  const { listing: listings, bidderAuction: entries } = db.entities;
  const listingOf = async (listingId: string) => {
    const item = await readByKey(db.client, listings, { listingId });
    if (!item) return null;
    let data = parsed.get(item);
    if (!data) {
      data = (listings.parse({ Item: item }).data as Stored | null) ?? undefined;
      if (data) parsed.set(item, data);
    }
    return data ? toAuction(data) : null;
  };
  const answerOf = async (request: BidRequestKey) => {
    const item = await readByKey(db.client, entries, { bidderId: request.userId, listingId: request.listingId });
    return storedAnswer((item && (entries.parse({ Item: item }).data as Stored | null)) ?? undefined, request);
  };
  return {
    read: listingOf,
    answered: answerOf,

    // Both items in one request (a refused bid needs no other read), each read strongly consistent.
    async readWithAnswer(request) {
      const [auction, answered] = await Promise.all([listingOf(request.listingId), answerOf(request)]);
      return { auction, answered };
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
      // Facet items sort by price and end only: bids that move neither (a leader's raise) leave them.
      const facets =
        sortPriceCents !== l.sortPriceCents || s.endsAt !== l.endsAt
          ? facetEntries({ ...l, sortPriceCents, endsAt: s.endsAt })
          : [];
      // One entry per bidder for this auction: their last bid's maximum is their highest (it only rises).
      const bidders = entriesOf(bids);
      const result = await db.transaction
        .write(({ listing, listingFacet, bid: bidLine, bidderAuction }) => [
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
          // Facet items (one per scope) carry the price and end they sort by: rewritten with the listing.
          ...facets.map((entry) => listingFacet.put(entry).commit()),
          // Put, not create: the key holds the bid's new ULID, so no stored line can have it.
          ...bids.map(({ bid }) =>
            bidLine
              .put({
                listingId: bid.listingId,
                bidId: bid.bidId,
                bidderId: bid.bidderId,
                bidderUsername: bid.bidderUsername,
                amountCents: bid.amountCents,
                at: bid.at,
              })
              .commit(),
          ),
          // The bidder's own entry for this auction (My Activity), with their last bid's key and answer for a
          // retry; last, in the bids' order: a cancelled transaction's reasons are in item order. Never a request
          // placed twice: the entry may hold none of this write's keys (the same request stored meanwhile).
          ...bidders.map((e) =>
            bidderAuction
              .put({
                bidderId: e.bidderId,
                listingId: e.listingId,
                maxCents: e.maxCents,
                lastBidAt: e.at,
                requestKey: e.keys.at(-1)!,
                answer: JSON.stringify(e.answer),
              })
              .where(
                (a, op) =>
                  `(${op.notExists(a.requestKey)} OR (${e.keys.map((k) => op.ne(a.requestKey, k)).join(' AND ')}))`,
              )
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
      const first = codes.length - bidders.length;
      const taken = new Set(
        bidders.filter((_, i) => codes[first + i] === 'ConditionalCheckFailed').map((e) => e.bidderId),
      );
      const used = bids.flatMap(({ bid }, i) => (taken.has(bid.bidderId) ? [i] : []));
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
