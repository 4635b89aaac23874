import { Entity, type EntityConfiguration } from 'electrodb';
import { OFFER_STATUSES } from '../../../../shared/domain/offers';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/** `expiryKey` and `listedAt` of an offer out of their sparse index. */
export const NOT_INDEXED = 'none';

/**
 * One offer round (decision 033): the buyer's offer or either party's counter, in its own partition (the answer routes
 * name only its id). Its status changes are conditional on the status read, so two answers racing can't both win.
 *
 * Indexes: the conversation's offers newest first (byConversation); a listing's offers by status (byListing: the
 * pending and accepted ones the sale of its last unit declines); pending offers with an expiry by their expiry time
 * (byExpiry, sparse: only while pending, for the expiry schedule); the buyer's threads newest first (byBuyer, sparse: a
 * countered round leaves it, so a thread is one line, its newest round). ElectroDB requires every composite of an
 * index with a condition on each write that touches the index, so writes name them (offer-store.ts).
 */
export const offerEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'offer', version: '1', service: 'marketplace' },
      attributes: {
        offerId: { type: 'string', required: true },
        conversationId: { type: 'string', required: true, readOnly: true },
        listingId: { type: 'string', required: true, readOnly: true },
        buyerId: { type: 'string', required: true, readOnly: true },
        sellerId: { type: 'string', required: true, readOnly: true },
        senderId: { type: 'string', required: true, readOnly: true },
        amountCents: { type: 'number', required: true, readOnly: true },
        /** ISO UTC; absent when made without the 24-hour expiry. */
        expiresAt: { type: 'string', readOnly: true },
        /** expiresAt, or NOT_INDEXED without one: the expiry index's sort key. */
        expiryKey: { type: 'string', required: true, readOnly: true },
        status: { type: OFFER_STATUSES, required: true },
        round: { type: 'number', required: true, readOnly: true },
        counterOf: { type: 'string', readOnly: true },
        /** Set on acceptance: the buyer may check out one unit at amountCents until then. */
        buyBy: { type: 'string' },
        /** The order a checkout made at the offer's price (removed again if that order is cancelled). */
        orderId: { type: 'string' },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        /** createdAt while this round is its thread's newest, NOT_INDEXED once countered: the buyer index's sort key. */
        listedAt: { type: 'string', required: true },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['offerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        byConversation: {
          index: 'byStatusTime',
          pk: { field: I.byStatusTime.partitionKey, composite: ['conversationId'] },
          sk: { field: I.byStatusTime.sortKey, composite: ['offerId'] },
        },
        byListing: {
          index: 'byCategoryTime',
          pk: { field: I.byCategoryTime.partitionKey, composite: ['listingId'] },
          sk: { field: I.byCategoryTime.sortKey, composite: ['status', 'offerId'] },
        },
        byExpiry: {
          index: 'byEndTime',
          condition: (a) => a.status === 'pending' && typeof a.expiryKey === 'string' && a.expiryKey !== NOT_INDEXED,
          pk: { field: I.byEndTime.partitionKey, composite: ['status'] },
          sk: { field: I.byEndTime.sortKey, composite: ['expiryKey', 'offerId'] },
        },
        byBuyer: {
          index: 'byOwnerTime',
          condition: (a) => typeof a.listedAt === 'string' && a.listedAt !== NOT_INDEXED,
          pk: { field: I.byOwnerTime.partitionKey, composite: ['buyerId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['listedAt', 'offerId'] },
        },
      },
    },
    config,
  );
