import { Entity, type EntityConfiguration } from 'electrodb';
import { LISTING_CATEGORY_NAMES } from '../../../../shared/domain/categories';
import {
  LISTING_CONDITIONS,
  LISTING_STATUSES,
  LISTING_TYPES,
  RETURN_POLICIES,
  SHIPPING_TYPES,
} from '../../../../shared/domain/listing';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

const money = { type: 'number' } as const;
export const NO_AUCTION_END = 'none';
export const NO_SUBCATEGORY = 'none';

/**
 * A listing. Money is integer cents. Auction state (current bid, count, leader and runner-up, end time) and sales
 * (quantitySold) live here so bids and orders update one item conditionally on `version` (every bid bumps it).
 */
export const listingEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'listing', version: '1', service: 'marketplace' },
      attributes: {
        listingId: { type: 'string', required: true },
        sellerId: { type: 'string', required: true },
        sellerUsername: { type: 'string', required: true },
        title: { type: 'string', required: true },
        description: { type: 'string', required: true },
        category: { type: LISTING_CATEGORY_NAMES, required: true },
        subcategory: { type: 'string' },
        condition: { type: LISTING_CONDITIONS, required: true },
        brand: { type: 'string' },
        model: { type: 'string' },
        upc: { type: 'string' },
        specifications: { type: 'any' },
        weightLbs: { type: 'number' },
        dimensions: {
          type: 'map',
          properties: { length: { type: 'number' }, width: { type: 'number' }, height: { type: 'number' } },
        },
        listingType: { type: LISTING_TYPES, required: true },
        priceCents: money,
        startingBidCents: money,
        buyItNowPriceCents: money,
        reservePriceCents: money,
        currentBidCents: money,
        bidCount: { type: 'number', default: 0 },
        leaderId: { type: 'string' },
        /**
         * Secret auction state (decision 027): the leader's and runner-up's maximums and when they set them. No view maps
         * these out; only the bid use case reads them.
         */
        leaderMaxCents: money,
        leaderAt: { type: 'string' },
        runnerUpId: { type: 'string' },
        runnerUpMaxCents: money,
        runnerUpAt: { type: 'string' },
        /**
         * Set by the close schedule (decision 029): when it ended the auction, how (sold, no_bids,
         * reserve_not_met), the order that holds or last held it (the winner's, then a second chance), whether its
         * notices went out, and the listing it was relisted as.
         */
        closedAt: { type: 'string' },
        auctionResult: { type: ['sold', 'no_bids', 'reserve_not_met'] as const },
        auctionOrderId: { type: 'string' },
        announcedAt: { type: 'string' },
        relistedAs: { type: 'string' },
        /** Kept (not erased) when its seller deleted their data: orders name it (decision 059). */
        keptForOrders: { type: 'boolean' },
        acceptOffers: { type: 'boolean', default: false },
        minOfferCents: money,
        localPickup: { type: 'boolean', default: false },
        shippingType: { type: SHIPPING_TYPES, required: true },
        shippingCostCents: money,
        location: {
          type: 'map',
          properties: { zipCode: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' } },
        },
        /** Object keys in the media bucket, first is the main image; thumbKey once the thumbnail exists. */
        images: {
          type: 'list',
          items: { type: 'map', properties: { key: { type: 'string', required: true }, thumbKey: { type: 'string' } } },
        },
        quantity: { type: 'number', default: 1 },
        quantitySold: { type: 'number', default: 0 },
        /** Units held by orders waiting for the buyer's signature (released when signing fails or lapses). */
        quantityReserved: { type: 'number', default: 0 },
        returnPolicy: { type: RETURN_POLICIES, default: '30_days' },
        tags: { type: 'list', items: { type: 'string' } },
        status: { type: LISTING_STATUSES, required: true, default: 'active' },
        featured: { type: 'boolean', default: false },
        /** Hidden by an administrator (decision 066): paused out of browse, search and the store, with the reason. */
        hidden: { type: 'boolean' },
        hiddenReason: { type: 'string' },
        /** Auction end (ISO UTC); absent for fixed-price listings. */
        endsAt: { type: 'string' },
        /**
         * Sort key source for the sparse byEndTime index. ElectroDB requires every composite of an index with a
         * `condition` on each write, so this is always set ('none' for fixed price) and the condition keeps fixed-price
         * listings out of the index.
         */
        auctionEnd: {
          type: 'string',
          watch: ['endsAt'],
          set: (_, item) => (typeof item.endsAt === 'string' ? item.endsAt : NO_AUCTION_END),
        },
        /**
         * Key source for the sparse subcategory indexes, always set for the same reason as auctionEnd. Neither is hidden:
         * ElectroDB builds a trimmed page's cursor from the last item read, which needs every key attribute.
         */
        subcategoryKey: {
          type: 'string',
          watch: ['subcategory'],
          set: (_, item) =>
            typeof item.subcategory === 'string' && item.subcategory ? item.subcategory : NO_SUBCATEGORY,
        },
        /** What price sorts use: fixed price, else current bid, else starting bid. */
        sortPriceCents: { type: 'number', required: true, padding: { length: 12, char: '0' } },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        version: { type: 'number', default: 1 },
        /**
         * Where the id sits in its words' search postings when not in the first chunk of its lane (`term#chunk`), so an
         * edit or end removes it from there. A put of the whole listing must carry it over.
         */
        postingSlots: { type: 'set', items: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['listingId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        byStatusTime: {
          index: 'byStatusTime',
          pk: { field: I.byStatusTime.partitionKey, composite: ['status'] },
          sk: { field: I.byStatusTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byCategoryTime: {
          index: 'byCategoryTime',
          pk: { field: I.byCategoryTime.partitionKey, composite: ['status', 'category'] },
          sk: { field: I.byCategoryTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byStatusPrice: {
          index: 'byStatusPrice',
          pk: { field: I.byStatusPrice.partitionKey, composite: ['status'] },
          sk: { field: I.byStatusPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byCategoryPrice: {
          index: 'byCategoryPrice',
          pk: { field: I.byCategoryPrice.partitionKey, composite: ['status', 'category'] },
          sk: { field: I.byCategoryPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
        byEndTime: {
          index: 'byEndTime',
          condition: (attr) => typeof attr.auctionEnd === 'string' && attr.auctionEnd !== NO_AUCTION_END,
          pk: { field: I.byEndTime.partitionKey, composite: ['status'] },
          sk: { field: I.byEndTime.sortKey, composite: ['auctionEnd', 'listingId'] },
        },
        bySeller: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['sellerId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        byFeaturedTime: {
          index: 'byFeaturedTime',
          condition: (attr) => attr.featured === true,
          pk: { field: I.byFeaturedTime.partitionKey, composite: ['status'] },
          sk: { field: I.byFeaturedTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        bySubcategoryTime: {
          index: 'bySubcategoryTime',
          condition: (attr) => typeof attr.subcategoryKey === 'string' && attr.subcategoryKey !== NO_SUBCATEGORY,
          pk: { field: I.bySubcategoryTime.partitionKey, composite: ['status', 'category', 'subcategoryKey'] },
          sk: { field: I.bySubcategoryTime.sortKey, composite: ['createdAt', 'listingId'] },
        },
        bySubcategoryPrice: {
          index: 'bySubcategoryPrice',
          condition: (attr) => typeof attr.subcategoryKey === 'string' && attr.subcategoryKey !== NO_SUBCATEGORY,
          pk: { field: I.bySubcategoryPrice.partitionKey, composite: ['status', 'category', 'subcategoryKey'] },
          sk: { field: I.bySubcategoryPrice.sortKey, composite: ['sortPriceCents', 'listingId'] },
        },
      },
    },
    config,
  );
