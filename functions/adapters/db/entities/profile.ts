import { Entity, type EntityConfiguration } from 'electrodb';
import { STORE_THEME_IDS } from '../../../../shared/domain/store-themes';
import { TABLE_KEY } from '../table';

const postalAddress = {
  type: 'map',
  properties: {
    country: { type: 'string', required: true },
    street: { type: 'string', required: true },
    city: { type: 'string', required: true },
    state: { type: 'string' },
    postalCode: { type: 'string' },
  },
} as const;

/** A user's profile and store (spec part 3 user_profiles). Image fields hold media-bucket keys. */
export const profileEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'profile', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        fullName: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        /** One-line forms of the addresses below (listing location prefill, labels). */
        address: { type: 'string' },
        returnAddress: { type: 'string' },
        addressParts: postalAddress,
        returnAddressParts: postalAddress,
        useDifferentReturnAddress: { type: 'boolean', default: false },
        bio: { type: 'string' },
        avatarKey: { type: 'string' },
        storeName: { type: 'string' },
        storeDescription: { type: 'string' },
        storeBannerKey: { type: 'string' },
        storeTheme: { type: STORE_THEME_IDS, default: 'default' },
        /** Listings the seller pinned to the top of the store, in order (decision 055). */
        featuredListingIds: { type: 'list', items: { type: 'string' } },
        isSeller: { type: 'boolean', default: false },
        isVerified: { type: 'boolean', default: false },
        /** Public area, e.g. "Austin, TX". */
        location: { type: 'string' },
        returnPolicy: { type: 'string' },
        ratingSum: { type: 'number', default: 0 },
        ratingCount: { type: 'number', default: 0 },
        salesCount: { type: 'number', default: 0 },
        /** The store's followers, kept in the same transaction as each follow item (decision 058). */
        followerCount: { type: 'number', default: 0 },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
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
