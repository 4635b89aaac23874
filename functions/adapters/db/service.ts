import { Service } from 'electrodb';
import { dynamoClient } from '../../lib/aws-clients';
import { config } from '../../lib/config';
import { connectionEntity, subscriptionEntity } from './entities/connection';
import { listingEntity } from './entities/listing';
import { listingFacetEntity } from './entities/listing-facet';
import { notificationCounterEntity, notificationEntity, notificationKeyEntity } from './entities/notification';
import { profileEntity } from './entities/profile';
import { rateCounterEntity } from './entities/rate-counter';
import { reviewEntity } from './entities/review';
import { searchPostingEntity, searchPostingHeadEntity } from './entities/search-posting';
import { sessionEntity } from './entities/session';
import { signingRequestEntity } from './entities/signing-request';
import { userEntity, usernameEntity, walletEntity } from './entities/user';
import { listingWatcherEntity, wishlistCountEntity, wishlistItemEntity } from './entities/wishlist';

const entities = {
  listing: listingEntity,
  listingFacet: listingFacetEntity,
  searchPosting: searchPostingEntity,
  searchPostingHead: searchPostingHeadEntity,
  user: userEntity,
  username: usernameEntity,
  wallet: walletEntity,
  profile: profileEntity,
  review: reviewEntity,
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
};

/** The service over a given client and table (tests that write the table directly). */
export function serviceFor(client: ReturnType<typeof dynamoClient>, table: string) {
  return new Service(entities, { client, table });
}

function build() {
  return serviceFor(dynamoClient(), config().TABLE_NAME);
}

let service: ReturnType<typeof build> | undefined;

/** The ElectroDB service over the one table, built on first use. */
export function db() {
  service ??= build();
  return service;
}
export type Db = ReturnType<typeof build>;
