import { Entity, type EntityConfiguration } from 'electrodb';
import { ACTIVITY_KINDS } from '../../../../shared/domain/analytics';
import { TABLE_KEY, TTL_ATTRIBUTE } from '../table';

/**
 * A seller's figures for one UTC day or one block of days (core/analytics/periods.ts, decision 056), in the seller's
 * partition. A day is two items written together: `day` its counters and its viewers' HyperLogLog sketch (base64),
 * small, so a range's days are one page of a query; `daylist` its per-listing views and revenue (packed `id:n` lists).
 * A `block` has only the per-listing lists. Every write is conditional on the version read.
 */
export const analyticsPeriodEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'analyticsPeriod', version: '1', service: 'marketplace' },
      attributes: {
        sellerId: { type: 'string', required: true },
        span: { type: ['day', 'daylist', 'block'] as const, required: true },
        /** The day, or the block's first day (YYYY-MM-DD). */
        start: { type: 'string', required: true },
        views: { type: 'number', default: 0 },
        messages: { type: 'number', default: 0 },
        offers: { type: 'number', default: 0 },
        sales: { type: 'number', default: 0 },
        revenueCents: { type: 'number', default: 0 },
        feeCents: { type: 'number', default: 0 },
        viewers: { type: 'string' },
        listingViews: { type: 'string' },
        listingRevenue: { type: 'string' },
        version: { type: 'number', required: true },
        /** Removed once no range can reach it any more. */
        ttl: { type: 'number', field: TTL_ATTRIBUTE },
      },
      indexes: {
        bySeller: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sellerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['span', 'start'] },
        },
      },
    },
    config,
  );

/**
 * That something was counted: a viewer's last counted view of a listing (`view#<listing>#<viewer>`: when, by which
 * event) or a fact (`fact#<key>`). Kept past the 30-minute repeat window and every redelivery, then removed by TTL.
 */
export const analyticsMarkEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'analyticsMark', version: '1', service: 'marketplace' },
      attributes: {
        markKey: { type: 'string', required: true },
        countedAt: { type: 'number', required: true },
        eventId: { type: 'string', required: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byKey: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['markKey'], casing: 'none' },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** One of a seller's messages received, offers received and sales, newest first in the seller's partition. */
export const analyticsActivityEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'analyticsActivity', version: '1', service: 'marketplace' },
      attributes: {
        sellerId: { type: 'string', required: true },
        at: { type: 'string', required: true },
        activityId: { type: 'string', required: true },
        kind: { type: ACTIVITY_KINDS, required: true },
        username: { type: 'string', required: true },
        subject: { type: 'string' },
        listingId: { type: 'string' },
        amountCents: { type: 'number' },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        bySeller: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sellerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['at', 'activityId'], casing: 'none' },
        },
      },
    },
    config,
  );

/** The last count of a seller's active listings (recounted in the background when old, decision 056). */
export const activeListingCountEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'activeListingCount', version: '1', service: 'marketplace' },
      attributes: {
        sellerId: { type: 'string', required: true },
        count: { type: 'number', required: true },
        countedAt: { type: 'string', required: true },
      },
      indexes: {
        bySeller: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sellerId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** A day's random salt for visitors' viewer keys, removed by TTL a day after its day ends. */
export const viewSaltEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'viewSalt', version: '1', service: 'marketplace' },
      attributes: {
        day: { type: 'string', required: true },
        salt: { type: 'string', required: true, readOnly: true },
        ttl: { type: 'number', required: true, field: TTL_ATTRIBUTE },
      },
      indexes: {
        byDay: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['day'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
