import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * An auction one user bid on (My Activity's Bids tab, the cart's Active Bids): their maximum and their latest bid's
 * time, one item per bidder and auction, put in the same transaction as each of their bids. A bidder's maximum only
 * rises (every accepted bid beats the shown price, which is at least every maximum but the leader's), so the latest
 * bid's maximum is their highest. `maxCents` is the bidder's secret: only their own reads return it. The latest bid's
 * Idempotency-Key and answer ride on it (decision 031's addendum): a retry of that bid gets the answer again.
 */
export const bidderAuctionEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'bidderAuction', version: '1', service: 'marketplace' },
      attributes: {
        bidderId: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        maxCents: { type: 'number', required: true },
        /** ISO UTC, the server's clock when their latest bid was taken. */
        lastBidAt: { type: 'string', required: true },
        /** The latest bid's Idempotency-Key (exact case); its amount is `maxCents`. */
        requestKey: { type: 'string' },
        /** The latest bid's BidPlaced answer, as JSON. */
        answer: { type: 'string' },
      },
      indexes: {
        byBidder: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['bidderId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['listingId'] },
        },
        byBidderTime: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['bidderId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['lastBidAt', 'listingId'] },
        },
      },
    },
    config,
  );
