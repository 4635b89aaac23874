import {
  createGetTransaction,
  createWriteTransaction,
  type CommittedTransactionResult,
  type TransactGetItem,
  type TransactWriteItem,
} from 'electrodb';
import { dynamoClient } from '../../lib/aws-clients';
import { config } from '../../lib/config';
import { accountStateEntity } from './entities/account-state';
import { adminRosterEntity } from './entities/admin-roster';
import { auditEntryEntity } from './entities/audit-entry';
import { networkSettingsEntity } from './entities/network-settings';
import { bidEntity } from './entities/bid';
import { bidderAuctionEntity } from './entities/bidder-auction';
import { buyerHoldEntity } from './entities/buyer-hold';
import { escrowCountEntity } from './entities/escrow-count';
import { jobCursorEntity } from './entities/job-cursor';
import { cartCountEntity, cartItemEntity } from './entities/cart';
import { connectionEntity, subscriptionEntity } from './entities/connection';
import { socketTicketEntity } from './entities/socket-ticket';
import { followEntity } from './entities/follow';
import { conversationEntity, inboxEntryEntity, messageCounterEntity, messageEntity } from './entities/conversation';
import { jobLeaseEntity } from './entities/job-lease';
import { listingEntity } from './entities/listing';
import { listingFacetEntity } from './entities/listing-facet';
import { offerEntity } from './entities/offer';
import { orderEntity } from './entities/order';
import { orderReviewEntity } from './entities/order-review';
import { orderReturnEntity } from './entities/order-return';
import { pickupCodeEntity } from './entities/pickup-code';
import { platformSettingsEntity } from './entities/platform-settings';
import { productLookupCacheEntity } from './entities/product-lookup-cache';
import { shippingQuoteEntity } from './entities/shipping-quote';
import { trackingClaimEntity } from './entities/tracking-claim';
import { notificationCounterEntity, notificationEntity, notificationKeyEntity } from './entities/notification';
import { profileEntity } from './entities/profile';
import { rateCounterEntity } from './entities/rate-counter';
import { reviewEntity } from './entities/review';
import { searchPostingEntity, searchPostingHeadEntity } from './entities/search-posting';
import { sellerSettingsEntity } from './entities/seller-settings';
import { sessionEntity } from './entities/session';
import { signingRequestEntity } from './entities/signing-request';
import { userEntity, usernameEntity, walletEntity } from './entities/user';
import { listingWatcherEntity, wishlistCountEntity, wishlistItemEntity } from './entities/wishlist';
import { walletSendEntity } from './entities/wallet-send';
import {
  activeListingCountEntity,
  analyticsActivityEntity,
  analyticsMarkEntity,
  analyticsPeriodEntity,
  viewSaltEntity,
} from './entities/analytics';

const factories = {
  listing: listingEntity,
  bid: bidEntity,
  bidderAuction: bidderAuctionEntity,
  listingFacet: listingFacetEntity,
  searchPosting: searchPostingEntity,
  searchPostingHead: searchPostingHeadEntity,
  user: userEntity,
  username: usernameEntity,
  wallet: walletEntity,
  profile: profileEntity,
  review: reviewEntity,
  orderReview: orderReviewEntity,
  connection: connectionEntity,
  subscription: subscriptionEntity,
  signingRequest: signingRequestEntity,
  session: sessionEntity,
  rateCounter: rateCounterEntity,
  wishlistItem: wishlistItemEntity,
  wishlistCount: wishlistCountEntity,
  listingWatcher: listingWatcherEntity,
  notification: notificationEntity,
  notificationCounter: notificationCounterEntity,
  notificationKey: notificationKeyEntity,
  cartItem: cartItemEntity,
  cartCount: cartCountEntity,
  order: orderEntity,
  orderReturn: orderReturnEntity,
  buyerHold: buyerHoldEntity,
  shippingQuote: shippingQuoteEntity,
  trackingClaim: trackingClaimEntity,
  pickupCode: pickupCodeEntity,
  conversation: conversationEntity,
  message: messageEntity,
  inboxEntry: inboxEntryEntity,
  messageCounter: messageCounterEntity,
  offer: offerEntity,
  jobLease: jobLeaseEntity,
  follow: followEntity,
  sellerSettings: sellerSettingsEntity,
  accountState: accountStateEntity,
  auditEntry: auditEntryEntity,
  adminRoster: adminRosterEntity,
  networkSettings: networkSettingsEntity,
  walletSend: walletSendEntity,
  analyticsPeriod: analyticsPeriodEntity,
  analyticsMark: analyticsMarkEntity,
  analyticsActivity: analyticsActivityEntity,
  activeListingCount: activeListingCountEntity,
  viewSalt: viewSaltEntity,
  escrowCount: escrowCountEntity,
  platformSettings: platformSettingsEntity,
  jobCursor: jobCursorEntity,
  productLookupCache: productLookupCacheEntity,
  socketTicket: socketTicketEntity,
};
type Factories = typeof factories;
export type EntityName = keyof Factories;
export type Entities = { [K in EntityName]: ReturnType<Factories[K]> };

type Written<T> = ReadonlyArray<CommittedTransactionResult<T, TransactWriteItem>>;
type Read<T> = ReadonlyArray<CommittedTransactionResult<T, TransactGetItem>>;

/**
 * The table's entities, each built on first use. ElectroDB validates a model with jsonschema when it builds an entity
 * (about 2 ms each), so a function that touches two entities no longer builds all twenty at its cold start.
 */
function lazyEntities(client: ReturnType<typeof dynamoClient>, table: string): Entities {
  const entities = {} as Entities;
  for (const name of Object.keys(factories) as EntityName[]) {
    let built: Entities[EntityName] | undefined;
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => (built ??= factories[name]({ client, table })),
    });
  }
  return entities;
}

/**
 * The entities `fn` uses and the items it built: ElectroDB reads every entity it is given (to pick a driver, to name
 * the items read), so it gets only those, and the items built while finding them (a bid's transaction builds 15 and
 * more: building them again cost as much as the first time).
 */
function built<R>(entities: Entities, fn: (e: Entities) => R): { used: Entities; items: R } {
  const used: Partial<Record<EntityName, unknown>> = {};
  const items = fn(
    new Proxy(entities, { get: (target, name) => (used[name as EntityName] = target[name as EntityName]) }),
  );
  return { used: used as Entities, items };
}

/**
 * The one table: `entities` for single-entity calls, `transaction.write` / `transaction.get` as ElectroDB's service
 * offers them (the callback runs once, when the transaction is made).
 */
export function serviceFor(client: ReturnType<typeof dynamoClient>, table: string) {
  const entities = lazyEntities(client, table);
  return {
    entities,
    /** The DocumentClient under them, for what ElectroDB doesn't offer (one BatchGetItem over two entities). */
    client,
    transaction: {
      write: <T, R extends Written<T>>(fn: Parameters<typeof createWriteTransaction<Entities, T, R>>[1]) => {
        const { used, items } = built(entities, (e) => fn(e as never));
        return createWriteTransaction<Entities, T, R>(used, () => items);
      },
      get: <T, R extends Read<T>>(fn: Parameters<typeof createGetTransaction<Entities, T, R>>[1]) => {
        const { used, items } = built(entities, (e) => fn(e as never));
        return createGetTransaction<Entities, T, R>(used, () => items);
      },
    },
  };
}
export type Db = ReturnType<typeof serviceFor>;

let service: Db | undefined;

/** The service over the one table, built on first use. */
export function db(): Db {
  service ??= serviceFor(dynamoClient(), config().TABLE_NAME);
  return service;
}
