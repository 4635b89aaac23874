import { followStore } from '../adapters/db/follow-store';
import { accountStateStore } from '../adapters/db/account-state-store';
import { orderReturnStore } from '../adapters/db/order-return-store';
// Real time, as these use cases read it before the Clock port: moving them to the functions' clock is its own step.
import { systemClock as clock } from '../core/clock/clock';
import { storeContactReads } from '../adapters/db/seller-settings-store';
import { db } from '../adapters/db/service';
import { featuredPinStore } from '../adapters/db/featured-pin-store';
import { sellerListingStore } from '../adapters/db/seller-listing-store';
import { storePageStore } from '../adapters/db/store-page-store';
import { storeReviewsStore } from '../adapters/db/store-reviews-store';
import { storeSettingsStore } from '../adapters/db/store-settings-store';
import { mediaUrl } from '../adapters/media-url';
import { photoStore } from '../adapters/photo-store';

export function getStoreDeps() {
  return {
    stores: storePageStore(db()),
    mediaUrl,
    returns: orderReturnStore(db()),
    follows: followStore(db()),
    contact: storeContactReads(db()),
    states: accountStateStore(db()),
  };
}

export function listStoreReviewsDeps() {
  return { reviews: storeReviewsStore(db()), mediaUrl };
}

export function updateStoreDeps() {
  return { store: storeSettingsStore(db()), photos: photoStore, mediaUrl, clock };
}

export function setFeaturedListingsDeps() {
  return { listings: sellerListingStore(db()), pins: featuredPinStore(db()), clock };
}
