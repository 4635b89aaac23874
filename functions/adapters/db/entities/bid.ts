import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * One accepted bid (decision 027), written in the same transaction as the listing's new auction state. The listing's
 * bids sit in their own partition (`bid#<listingId>`, not the listing's) by history amount, highest last in key order.
 * No index: a bidder's auctions are their `bidderAuction` entries (My Activity, decision 030), so a bid line is one row
 * to write. `amountCents` is what the history shows (the price the bid led at, or its own maximum when the leader's
 * proxy beat it at once), never a secret maximum of a leader.
 */
export const bidEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'bid', version: '1', service: 'marketplace' },
      attributes: {
        listingId: { type: 'string', required: true },
        bidId: { type: 'string', required: true },
        bidderId: { type: 'string', required: true },
        bidderUsername: { type: 'string', required: true },
        amountCents: { type: 'number', required: true, padding: { length: 12, char: '0' } },
        /** ISO UTC, the server's clock when the bid was taken. */
        at: { type: 'string', required: true },
      },
      indexes: {
        byListingAmount: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['listingId'], template: 'bid#${listingId}' },
          sk: { field: TABLE_KEY.sortKey, composite: ['amountCents', 'bidId'] },
        },
      },
    },
    config,
  );
