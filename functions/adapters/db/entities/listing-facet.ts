import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';
import { NO_AUCTION_END } from './listing';

/**
 * One active listing under one browse facet (core/listings/browse-facets.ts): a key-only index entry, newest first in
 * the facet's partition, by price and by auction end in the two overloaded price and end-time indexes. It carries the
 * few attributes a facet page may still filter on; the card itself is read from the listing.
 */
export const listingFacetEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'listingFacet', version: '1', service: 'marketplace' },
      attributes: {
        facet: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        sortPriceCents: { type: 'number', required: true, padding: { length: 12, char: '0' } },
        /** Always set ('none' for fixed price) so the sparse end-time index can be conditioned on it, as on listings. */
        auctionEnd: { type: 'string', required: true },
        subcategory: { type: 'string' },
        featured: { type: 'boolean', default: false },
      },
      indexes: {
        byFacetTime: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['facet'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byFacetPrice: {
          index: 'byStatusPrice',
          pk: { field: I.byStatusPrice.partitionKey, composite: ['facet'] },
          sk: { field: I.byStatusPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byFacetEnd: {
          index: 'byEndTime',
          condition: (attr) => typeof attr.auctionEnd === 'string' && attr.auctionEnd !== NO_AUCTION_END,
          pk: { field: I.byEndTime.partitionKey, composite: ['facet'] },
          sk: { field: I.byEndTime.sortKey, composite: ['auctionEnd', 'listingId'] },
        },
      },
    },
    config,
  );
