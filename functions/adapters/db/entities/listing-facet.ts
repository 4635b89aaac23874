import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';
import { NO_AUCTION_END } from './listing';

/** The scope-alone slot's value on a group without that facet (fixed price, or all listings): its slot is left out. */
export const NO_SCOPE_FACET = 'none';

const ends = (attr: { auctionEnd?: unknown }) =>
  typeof attr.auctionEnd === 'string' && attr.auctionEnd !== NO_AUCTION_END;

/**
 * One active listing under every browse facet of one scope (core/listings/browse-facets.ts, decision 013 and its
 * addendum): a key-only index entry. Its facets share the listing's sort values, so each shape of facet has its own
 * key slots (the table key and the overloaded indexes, named below for what they hold here): the condition facet
 * newest first, by price and by auction end; the type and the condition-and-type facets newest first and by price;
 * the scope-alone facet (auctions only) by auction end. It carries the few attributes a facet page may still filter
 * on; the card itself is read from the listing.
 */
export const listingFacetEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'listingFacet', version: '2', service: 'marketplace' },
      attributes: {
        /** The group's condition facet (`scope|condition|*`): every scope has one, so it keys the item. */
        condFacet: { type: 'string', required: true },
        typeFacet: { type: 'string', required: true },
        bothFacet: { type: 'string', required: true },
        /** Always set (NO_SCOPE_FACET without one) so its sparse slot can be conditioned on it, as `auctionEnd`. */
        scopeFacet: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        sortPriceCents: { type: 'number', required: true, padding: { length: 12, char: '0' } },
        /** Always set ('none' for fixed price) so the sparse end-time slots can be conditioned on it, as on listings. */
        auctionEnd: { type: 'string', required: true },
        subcategory: { type: 'string' },
        featured: { type: 'boolean', default: false },
      },
      indexes: {
        byCondTime: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['condFacet'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byCondPrice: {
          index: 'byStatusPrice',
          pk: { field: I.byStatusPrice.partitionKey, composite: ['condFacet'] },
          sk: { field: I.byStatusPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byCondEnd: {
          index: 'byEndTime',
          condition: ends,
          pk: { field: I.byEndTime.partitionKey, composite: ['condFacet'] },
          sk: { field: I.byEndTime.sortKey, composite: ['auctionEnd', 'listingId'] },
        },
        byTypeTime: {
          index: 'byStatusTime',
          pk: { field: I.byStatusTime.partitionKey, composite: ['typeFacet'] },
          sk: { field: I.byStatusTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byTypePrice: {
          index: 'byCategoryPrice',
          pk: { field: I.byCategoryPrice.partitionKey, composite: ['typeFacet'] },
          sk: { field: I.byCategoryPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byBothTime: {
          index: 'byCategoryTime',
          pk: { field: I.byCategoryTime.partitionKey, composite: ['bothFacet'] },
          sk: { field: I.byCategoryTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byBothPrice: {
          index: 'bySubcategoryPrice',
          pk: { field: I.bySubcategoryPrice.partitionKey, composite: ['bothFacet'] },
          sk: { field: I.bySubcategoryPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byScopeEnd: {
          index: 'bySubcategoryTime',
          condition: (attr) => typeof attr.scopeFacet === 'string' && attr.scopeFacet !== NO_SCOPE_FACET && ends(attr),
          pk: { field: I.bySubcategoryTime.partitionKey, composite: ['scopeFacet'] },
          sk: { field: I.bySubcategoryTime.sortKey, composite: ['auctionEnd', 'listingId'] },
        },
      },
    },
    config,
  );
