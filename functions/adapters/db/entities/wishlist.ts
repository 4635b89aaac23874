import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/** One listing on a user's wishlist: the user's partition holds them all (at most WISHLIST_MAX_ITEMS). */
export const wishlistItemEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'wishlistItem', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        addedAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['listingId'] },
        },
      },
    },
    config,
  );

/** How many items the user's wishlist holds, kept in the same transactions as the items (the header's badge). */
export const wishlistCountEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'wishlistCount', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        count: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/**
 * The reverse of a wishlist item: who saved a listing (the auction-ending notices read it by listing). Written and
 * removed in the same transactions as the item.
 */
export const listingWatcherEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'listingWatcher', version: '1', service: 'marketplace' },
      attributes: {
        listingId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
      },
      indexes: {
        byListing: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['listingId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['userId'] },
        },
      },
    },
    config,
  );
