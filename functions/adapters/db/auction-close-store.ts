import type { AuctionCloseStore, ClosedAuction, ClosingAuction } from '../../core/auctions/ports';
import { AUCTION_ATTRIBUTES, toAuction } from './bid-store';
import { browseExitWrites, statusKeyComposites } from './listing-close';
import { newStoredOrder } from './order-store';
import type { Db } from './service';
import { cancelReasons, transactWithRetry } from './transact';

const PAGE = 50;
const CLOSING_ATTRIBUTES = [...AUCTION_ATTRIBUTES, 'shippingType', 'location', 'postingSlots'] as const;
const CLOSED_ATTRIBUTES = [
  'listingId',
  'title',
  'sellerId',
  'sellerUsername',
  'status',
  'auctionResult',
  'currentBidCents',
  'leaderId',
  'auctionOrderId',
  'announcedAt',
  'relistedAs',
] as const;

/** The close schedule's reads and its one transaction (core/auctions/close-auctions.ts). */
export function auctionCloseStore(db: Db): AuctionCloseStore {
  const { listing } = db.entities;
  return {
    async due(now, cursor) {
      const page = await listing.query
        .byEndTime({ status: 'active' })
        // Ends at `now` itself are due too (bids are taken strictly before the end): below the next millisecond.
        .lt({ auctionEnd: new Date(Date.parse(now) + 1).toISOString() })
        // The cursor is built from the last item's key attributes, so those are read too.
        .go({ cursor, limit: PAGE, attributes: ['listingId', 'auctionEnd', 'status'] });
      return { listingIds: page.data.map((l) => l.listingId), cursor: page.cursor };
    },

    async read(listingId) {
      const { data } = await listing.get({ listingId }).go({ consistent: true, attributes: [...CLOSING_ATTRIBUTES] });
      if (!data) return null;
      const auction = toAuction(data as Record<string, unknown>);
      return { ...auction, listing: { ...auction.listing, ...data } } as ClosingAuction;
    },

    async close(read, result, order, now) {
      const l = read.listing;
      const at = now.toISOString();
      const outcome = await transactWithRetry(() =>
        db.transaction
          .write(({ listing: listings, searchPosting, listingFacet, order: orders }) => {
            const patch = listings.patch({ listingId: l.listingId }).set({
              status: order ? 'sold' : 'ended',
              auctionResult: result,
              closedAt: at,
              updatedAt: at,
              ...(order && { auctionOrderId: order.orderId }),
            });
            // The winner's order holds the unit, as a checkout's reservation does (released if it lapses).
            return [
              (order ? patch.add({ quantityReserved: 1 }) : patch)
                .composite(statusKeyComposites({ ...l, endsAt: read.state.endsAt }))
                // Still as read: no bid since (every bid bumps the version), still active, and its end (which soft
                // close may have moved) not after this run's time.
                .where(
                  (a, op) =>
                    `${op.eq(a.status, 'active')} AND ${op.lte(a.endsAt, at)} AND ` +
                    `(${op.eq(a.version, l.version)}${l.version === 1 ? ` OR ${op.notExists(a.version)}` : ''})`,
                )
                .commit(),
              ...browseExitWrites({ searchPosting, listingFacet }, l),
              ...(order ? [orders.create(newStoredOrder(order)).commit()] : []),
            ];
          })
          .go(),
      );
      if (!outcome.canceled) return 'ok';
      const codes = outcome.data.map((d) => d?.code);
      if (codes.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')) return 'stale';
      throw new Error(`closing auction ${l.listingId} was cancelled: ${cancelReasons(outcome)}`);
    },

    async closed(listingId) {
      const { data: l } = await listing.get({ listingId }).go({ consistent: true, attributes: [...CLOSED_ATTRIBUTES] });
      if (!l?.auctionResult || (l.status !== 'sold' && l.status !== 'ended')) return null;
      const sold = l.auctionResult === 'sold';
      return {
        listingId: l.listingId,
        title: l.title,
        sellerId: l.sellerId,
        sellerUsername: l.sellerUsername,
        status: l.status,
        result: l.auctionResult,
        priceCents: l.currentBidCents ?? null,
        winnerId: sold ? (l.leaderId ?? null) : null,
        orderId: l.auctionOrderId ?? null,
        announced: l.announcedAt !== undefined,
        relistedAs: l.relistedAs ?? null,
      } satisfies ClosedAuction;
    },

    async unannounced(from, to) {
      const pages = await Promise.all(
        (['sold', 'ended'] as const).map((status) =>
          listing.query
            .byEndTime({ status })
            .between({ auctionEnd: from }, { auctionEnd: to })
            .where((a, op) => `${op.exists(a.closedAt)} AND ${op.notExists(a.announcedAt)}`)
            .go({ pages: 'all', attributes: ['listingId', 'auctionEnd', 'status'] }),
        ),
      );
      return pages.flatMap((p) => p.data.map((l) => l.listingId));
    },

    async markAnnounced(listingId, at) {
      await listing.patch({ listingId }).set({ announcedAt: at.toISOString() }).go();
    },
  };
}
