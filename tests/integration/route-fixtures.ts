import type { Caller, routes } from '../../functions/routes';
import { startSignIn, uniqueName } from './auth-support';
import { giveNotifications } from './notification-support';
import {
  buyerProfile,
  listingBody,
  registrationTicket,
  sellerProfile,
  signedSignInRequest,
  signInAgain,
  uploadAvatar,
  type Account,
  type RouteRequest,
  type World,
} from './route-support';

export interface FixtureContext {
  caller: Caller;
  /** The caller's account; null for the visitor. */
  me: Account | null;
  /** The caller's source address. */
  from: string;
  world: World;
}

/** A valid request to the route as `caller` would send it (the matrix checks the status the route's row declares). */
export type Fixture = (ctx: FixtureContext) => RouteRequest | Promise<RouteRequest>;

/**
 * One valid request per route, keyed by route name: the type makes a new route in functions/routes.ts fail to compile
 * until it has one here, and the matrix test fails at run time for any route without one.
 */
export const fixtures: Record<keyof typeof routes, Fixture> = {
  getHealth: () => ({}),
  listListings: () => ({ query: { category: 'Home & Garden', sort: 'newest' } }),
  startSignIn: () => ({ body: {} }),
  getSignInStatus: async ({ from }) => ({ params: { uuid: (await startSignIn(from)).uuid } }),
  completeSignIn: async ({ from }) => {
    const signed = await signedSignInRequest(from);
    return { params: { uuid: signed.uuid }, body: { clientSecret: signed.clientSecret } };
  },
  checkUsername: () => ({ query: { username: uniqueName('free') } }),
  createAccount: async ({ from }) => ({
    body: { username: uniqueName('rtnew'), ticket: await registrationTicket(from) },
  }),
  refreshSession: () => ({ body: {} }),
  // Signing out ends the session it is sent with: a second session of the caller's, not the one the other routes use.
  signOut: async ({ me }) => (me ? { token: await signInAgain(me) } : {}),
  getMe: () => ({}),
  getProfile: () => ({}),
  // Each caller keeps what it is: the sellers stay sellers.
  updateProfile: ({ caller }) => ({
    body: caller === 'seller' || caller === 'otherSeller' ? sellerProfile : buyerProfile,
  }),
  startAvatarUpload: () => ({ body: { contentType: 'image/png', size: 1024 } }),
  // The visitor names an upload of the seller's (it has none of its own).
  setAvatar: async ({ me, world }) => ({ body: { key: await uploadAvatar(me ?? world.callers.seller) } }),
  updateStore: () => ({ body: { storeName: 'Route Table Store', storeDescription: '', bio: '' } }),
  getListing: ({ world }) => ({ params: { listingId: world.listingId } }),
  getStore: ({ world }) => ({ params: { username: world.callers.seller.username } }),
  listStoreReviews: ({ world }) => ({ params: { username: world.callers.seller.username } }),
  createListing: () => ({ body: listingBody }),
  updateListing: ({ world }) => ({ params: { listingId: world.listingId }, body: listingBody }),
  startListingPhotoUpload: () => ({ body: { contentType: 'image/png', size: 1024 } }),
  importListingPhoto: ({ world }) => ({ body: { url: world.productImageUrl } }),
  listMyListings: () => ({}),
  // Ending is once per listing: each caller tries a new one.
  endListing: async ({ world }) => ({ params: { listingId: await world.newListing() }, body: {} }),
  lookupZip: () => ({ params: { zip: '78701' } }),
  lookupProducts: () => ({ query: { q: 'camera' } }),
  getWishlist: () => ({}),
  addToWishlist: ({ world }) => ({ params: { listingId: world.listingId }, body: {} }),
  removeFromWishlist: ({ world }) => ({ params: { listingId: world.listingId } }),
  getWalletBalances: () => ({}),
  getNotificationSummary: () => ({}),
  listNotifications: () => ({ query: { limit: '5' } }),
  // Each caller marks a notification of its own (the visitor names one of the seller's).
  markNotificationRead: async ({ me, world }) => ({
    params: { id: (await giveNotifications((me ?? world.callers.seller).userId, 1, 'matrix'))[0]! },
    body: {},
  }),
  markAllNotificationsRead: () => ({ body: {} }),
  getCart: () => ({}),
  setCartItem: ({ caller, world }) => ({ params: { listingId: buyable(caller, world) }, body: { quantity: 1 } }),
  removeCartItem: ({ caller, world }) => ({ params: { listingId: buyable(caller, world) } }),
  clearCart: () => ({}),
  mergeCart: ({ caller, world }) => ({ body: { items: [{ listingId: buyable(caller, world), quantity: 1 }] } }),
};

/** A listing the caller may buy: the seller's, except for the seller, who buys the other seller's. */
function buyable(caller: Caller, world: World): string {
  return caller === 'seller' ? world.otherListingId : world.listingId;
}
