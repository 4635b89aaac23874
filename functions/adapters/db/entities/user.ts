import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/** A wallet user. Username and wallet uniqueness are enforced by their own guard items written in the same transaction. */
export const userEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'user', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        walletAddress: { type: 'string', required: true },
        username: { type: 'string', required: true },
        role: { type: ['user', 'admin'] as const, default: 'user' },
        /** Suspended by an administrator (decision 066): no sign-in and no session; unset when unsuspended. */
        suspendedAt: { type: 'string' },
        suspendedReason: { type: 'string' },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** Guard item: one per lower-cased username, so two creators of the same name can't both win. */
export const usernameEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'username', version: '1', service: 'marketplace' },
      attributes: {
        usernameLower: { type: 'string', required: true },
        userId: { type: 'string', required: true },
      },
      indexes: {
        byName: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['usernameLower'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** Guard item: one per wallet address, pointing at its user. */
export const walletEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'wallet', version: '1', service: 'marketplace' },
      attributes: {
        walletAddress: { type: 'string', required: true },
        userId: { type: 'string', required: true },
      },
      indexes: {
        byAddress: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['walletAddress'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
