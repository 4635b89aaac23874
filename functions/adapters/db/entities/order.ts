import { Entity, type EntityConfiguration } from 'electrodb';
import {
  CANCEL_REASONS,
  DRIFT_KINDS,
  ORDER_STATUSES,
  REFUND_REASONS,
  RELEASE_REASONS,
} from '../../../core/orders/order';
import { ESCROW_BUCKETS } from '../../../../shared/domain/escrow-monitor';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * An order and its escrow (core/orders/order.ts). Nested parts are kept as written by the order store; `status` and
 * `deadline` key the schedules' index: the reservation's end while the order holds units (later, the escrow's
 * CancelAfter while it is funded). The sealed fulfillment is encrypted for this order and never leaves the server.
 */
export const orderEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'order', version: '1', service: 'marketplace' },
      attributes: {
        orderId: { type: 'string', required: true },
        checkoutId: { type: 'string', required: true },
        buyerId: { type: 'string', required: true },
        buyerUsername: { type: 'string', required: true },
        sellerId: { type: 'string', required: true },
        sellerUsername: { type: 'string', required: true },
        status: { type: ORDER_STATUSES, required: true },
        lines: { type: 'any', required: true },
        itemsCents: { type: 'number', required: true },
        shippingCents: { type: 'number', required: true },
        totalCents: { type: 'number', required: true },
        shipping: { type: 'any', required: true },
        escrow: { type: 'any', required: true },
        signing: { type: 'any' },
        escrowCreate: { type: 'any' },
        cancelReason: { type: CANCEL_REASONS },
        shipment: { type: 'any' },
        /** The tracking number on its own, for the conditions that keep one number to one order. */
        trackingNumber: { type: 'string' },
        fee: { type: 'any' },
        /** The fee's open wallet request and recorded payment on their own, for the conditions that pay it once. */
        feeSigningUuid: { type: 'string' },
        feeTxid: { type: 'string' },
        /** A label bought here (decision 039), and its status on its own for the conditions that buy it once. */
        label: { type: 'any' },
        labelStatus: { type: ['buying', 'bought', 'failed', 'unknown'] as const },
        settlement: { type: 'any' },
        /** The recorded settlement's hash on its own: replacing it is conditional on it. */
        settlementTxid: { type: 'string' },
        releaseReason: { type: RELEASE_REASONS },
        refundReason: { type: REFUND_REASONS },
        /** The buyer's dispute (core/orders/order.ts OrderDispute), decision 053. */
        dispute: { type: 'any' },
        /** What holds the release while it is open, on its own for the conditions every release checks (053, 054). */
        releaseHold: { type: ['dispute', 'return'] as const },
        /** How many answers the open dispute has, on its own for the condition that adds one at a time. */
        disputeAnswers: { type: 'number' },
        /** When the seller was told the ship-by day is ending (decision 052). */
        shipByNoticeAt: { type: 'string' },
        completedAt: { type: 'string' },
        refundedAt: { type: 'string' },
        releaseDueAt: { type: 'string' },
        reservationExpiresAt: { type: 'string', required: true },
        /** An auction's order (core/orders/order.ts AuctionSale): its listing, round, payment window, runner-up, choice. */
        auction: { type: 'any' },
        /** A local pickup's code lock (core/orders/order.ts PickupLock), flat for the conditions that count tries. */
        pickupCodeHash: { type: 'string' },
        pickupTries: { type: 'number' },
        pickupPausedUntil: { type: 'string' },
        /** A checkout's charge against its buyer's hold limits (core/orders/holds.ts), settled when the hold ends. */
        hold: { type: 'any' },
        deadline: { type: 'string', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        fundedAt: { type: 'string' },
        cancelledAt: { type: 'string' },
        /**
         * The escrow monitor's bucket (decision 065), set from funding on: open (pending), held by a dispute or
         * return, or ended (completed, cancelled). Keys the sparse monitor index: orders never funded stay out.
         */
        escrowBucket: { type: ESCROW_BUCKETS },
        /**
         * While a dispute is open (decision 068): 'open', and its end on its own. They key the sparse admin case
         * index, set and removed by the dispute store's writes with the hold itself.
         */
        disputeQueue: { type: ['open'] as const },
        disputeEndsAt: { type: 'string' },
        /**
         * What the reconcile job found wrong and could not repair, and when it first found it (decision 065): both set
         * together and removed together (the order agrees with the ledger again, or its settlement ended it). Keys the
         * sparse drift index the escrow monitor counts stuck orders from.
         */
        drift: { type: DRIFT_KINDS },
        driftAt: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['orderId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
        byBuyer: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['buyerId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['createdAt', 'orderId'] },
        },
        bySeller: {
          index: 'byStatusTime',
          pk: { field: I.byStatusTime.partitionKey, composite: ['sellerId'] },
          sk: { field: I.byStatusTime.sortKey, composite: ['createdAt', 'orderId'] },
        },
        byStatusDeadline: {
          index: 'byEndTime',
          pk: { field: I.byEndTime.partitionKey, composite: ['status'] },
          sk: { field: I.byEndTime.sortKey, composite: ['deadline', 'orderId'] },
        },
        byEscrowTime: {
          index: 'byFeaturedTime',
          pk: { field: I.byFeaturedTime.partitionKey, composite: ['escrowBucket'] },
          // Not the order id: every order has one, and a key half-made on an unfunded order would not be sparse.
          sk: { field: I.byFeaturedTime.sortKey, composite: ['fundedAt'] },
        },
        byOpenDispute: {
          index: 'byCategoryTime',
          pk: { field: I.byCategoryTime.partitionKey, composite: ['disputeQueue'] },
          // Its own attributes only, as the monitor index: a key half-made from an order's other fields is not sparse.
          sk: { field: I.byCategoryTime.sortKey, composite: ['disputeEndsAt'] },
        },
        byDrift: {
          index: 'byStatusPrice',
          pk: { field: I.byStatusPrice.partitionKey, composite: ['drift'] },
          sk: { field: I.byStatusPrice.sortKey, composite: ['driftAt'] },
        },
      },
    },
    config,
  );
