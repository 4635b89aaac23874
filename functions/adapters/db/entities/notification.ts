import { Entity, type EntityConfiguration } from 'electrodb';
import { NOTIFICATION_TYPES } from '../../../../shared/domain/notification';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * One notification in its owner's partition. Ids are ULIDs, so the sort key orders them by time (newest first when read
 * descending). While unread it is also in the sparse unread index, which mark-all-read pages through.
 */
export const notificationEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'notification', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        notificationId: { type: 'string', required: true },
        type: { type: NOTIFICATION_TYPES, required: true },
        title: { type: 'string', required: true },
        message: { type: 'string', required: true },
        read: { type: 'boolean', required: true, default: false },
        relatedId: { type: 'string' },
        dedupeKey: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['notificationId'] },
        },
        unreadByUser: {
          index: 'byOwnerTime',
          // Every composite is a primary-key composite, so a write that sets read=true drops the item from this index.
          condition: (attr) => attr.read === false,
          pk: { field: I.byOwnerTime.partitionKey, composite: ['userId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['notificationId'] },
        },
      },
    },
    config,
  );

/** How many of the user's notifications are unread, kept in the same transaction as every create and mark (the bell). */
export const notificationCounterEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'notificationCounter', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        unread: { type: 'number', required: true, default: 0 },
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

/** At most one notification per user and dedupe key: created with the notification, conditional on not existing. */
export const notificationKeyEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'notificationKey', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        dedupeKey: { type: 'string', required: true },
        notificationId: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byUserKey: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          // Keys are compared as given: two keys differing only in case are two keys.
          sk: { field: TABLE_KEY.sortKey, composite: ['dedupeKey'], casing: 'none' },
        },
      },
    },
    config,
  );
