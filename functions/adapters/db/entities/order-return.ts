import { Entity, type EntityConfiguration } from 'electrodb';
import { RETURN_POLICIES } from '../../../../shared/domain/listing';
import { RETURN_CASES, RETURN_REASONS, RETURN_STAGES } from '../../../../shared/domain/returns';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * An order's return request (core/returns/ports.ts ReturnRecord, decision 054). Its indexes: the seller's list newest
 * first, the returns schedule by stage and due time, and the seller's returns by stage (an administrator's refund
 * decision not yet paid blocks their new listings). Nested parts are kept as written.
 */
export const orderReturnEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'orderReturn', version: '1', service: 'marketplace' },
      attributes: {
        orderId: { type: 'string', required: true },
        buyerId: { type: 'string', required: true },
        buyerUsername: { type: 'string', required: true },
        sellerId: { type: 'string', required: true },
        sellerUsername: { type: 'string', required: true },
        listingId: { type: 'string', required: true },
        listingTitle: { type: 'string', required: true },
        imageKey: { type: 'string' },
        policy: { type: RETURN_POLICIES, required: true },
        case: { type: RETURN_CASES, required: true },
        stage: { type: RETURN_STAGES, required: true },
        reason: { type: RETURN_REASONS, required: true },
        description: { type: 'string', required: true },
        refundCents: { type: 'number', required: true },
        buyerAddress: { type: 'string', required: true },
        sellerAddress: { type: 'string', required: true },
        requestedAt: { type: 'string', required: true },
        answerBy: { type: 'string', required: true },
        decidedAt: { type: 'string' },
        approved: { type: 'boolean', required: true },
        sellerNote: { type: 'string' },
        returnTo: { type: 'any' },
        shipBackBy: { type: 'string' },
        trackingNumber: { type: 'string' },
        shippedAt: { type: 'string' },
        deliveredBackAt: { type: 'string' },
        refundDueBy: { type: 'string' },
        refundSigning: { type: 'any' },
        /** The refund's open wallet request and recorded payment on their own, for the conditions that pay it once. */
        refundSigningUuid: { type: 'string' },
        refundTxid: { type: 'string' },
        refundedAt: { type: 'string' },
        escalatedAt: { type: 'string' },
        resolution: { type: 'any' },
        dueAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byOrder: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['orderId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        bySeller: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['sellerId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['requestedAt', 'orderId'] },
        },
        byStageDue: {
          index: 'byEndTime',
          pk: { field: I.byEndTime.partitionKey, composite: ['stage'] },
          sk: { field: I.byEndTime.sortKey, composite: ['dueAt', 'orderId'] },
        },
        bySellerStage: {
          index: 'byStatusPrice',
          pk: { field: I.byStatusPrice.partitionKey, composite: ['sellerId', 'stage'] },
          sk: { field: I.byStatusPrice.sortKey, composite: ['orderId'] },
        },
      },
    },
    config,
  );
