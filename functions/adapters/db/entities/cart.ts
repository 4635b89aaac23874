import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/** One listing in a user's cart (the user's partition holds them all, at most CART_MAX_ITEMS). */
export const cartItemEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'cartItem', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        quantity: { type: 'number', required: true },
        addedAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
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

/** How many lines the cart holds, written in the same transactions as the lines (the 50-line limit holds under races). */
export const cartCountEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'cartCount', version: '1', service: 'marketplace' },
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
