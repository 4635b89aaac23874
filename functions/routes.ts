import type { ApiContract } from '../shared/api/contract';
import type { Auth } from './lib/session-auth';
import { LISTING_PHOTOS, PENDING_UPLOADS } from './core/listings/photos';
import { LABELS_PREFIX } from './core/orders/platform-label';
import {
  cancelSignIn,
  checkUsername,
  completeSignIn,
  createAccount,
  getMe,
  getSignInStatus,
  refreshSession,
  signOut,
  startSignIn,
} from '../shared/api/auth';
import { getHealth } from '../shared/api/health';
import { grantAdminRole, listAdmins, revokeAdminRole } from '../shared/api/admin-roles';
import { listAuditEntries } from '../shared/api/admin-audit';
import { runCarrierTool, runEscrowTest } from '../shared/api/admin-tools';
import { moderateListing, moderateUser, setSellerVerification } from '../shared/api/admin-moderation';
import { deactivateStore, deleteMyData, reactivateStore } from '../shared/api/account-state';
import { getProfile, setAvatar, startAvatarUpload, updateProfile } from '../shared/api/profile';
import { getWalletBalances } from '../shared/api/wallet';
import {
  createListing,
  endListing,
  getListing,
  getListingShippingEstimate,
  importListingPhoto,
  listListings,
  listMyListings,
  startListingPhotoUpload,
  updateListing,
} from '../shared/api/listings';
import { listBids, listMyBids, placeBid } from '../shared/api/bids';
import { lookupProducts, lookupZip } from '../shared/api/lookup';
import { getStore, listStoreReviews, setFeaturedListings, updateStore } from '../shared/api/stores';
import { followStore, unfollowStore } from '../shared/api/follows';
import { createReview, replyToReview } from '../shared/api/reviews';
import {
  openDispute,
  refundDispute,
  resolveDispute,
  respondToDispute,
  startDisputePhotoUpload,
  withdrawDispute,
} from '../shared/api/disputes';
import { DISPUTE_PHOTOS } from './core/disputes/dispute-photos';
import {
  decideReturn,
  escalateReturn,
  listReturnRequests,
  requestReturn,
  requestReturnRefund,
  resolveReturn,
  shipReturn,
} from '../shared/api/returns';
import { STORE_BANNERS } from './core/stores/store-settings';
import { addToWishlist, getWishlist, removeFromWishlist } from '../shared/api/wishlist';
import {
  getNotificationSummary,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../shared/api/notifications';
import { clearCart, getCart, mergeCart, removeCartItem, setCartItem } from '../shared/api/cart';
import {
  cancelEscrowSigning,
  checkout,
  getOrder,
  getShippingOptions,
  listMyOrders,
  requestEscrowSigning,
  requestPlatformFee,
  shipOrder,
  decidePickup,
  getLabelRates,
  requestLabelPayment,
  getLabelPdf,
  listAwaitingPayment,
  payAuctionOrder,
} from '../shared/api/orders';
import { offerSecondChance, relistAuction } from '../shared/api/auctions';
import { carrierWebhook } from '../shared/api/shipping';
import { xamanWebhook } from '../shared/api/signing';
import { getRlusdTrustLine, requestRlusdTrustLine } from '../shared/api/wallet';
import { getSellerSettings, saveSellerSettings } from '../shared/api/seller-settings';
import { getSend, sendFunds } from '../shared/api/sends';
import { listEscrows, retrySettlement } from '../shared/api/admin-escrow';
import { getCase, listCases } from '../shared/api/admin-cases';
import {
  getConversation,
  getUnreadMessageCount,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
} from '../shared/api/messages';
import { getSellerAnalytics, recordListingView } from '../shared/api/analytics';
import { getNetworkSettings, saveNetworkSettings, testNetworkConnection } from '../shared/api/admin-network';
import { getApiKeys, saveApiKey, testApiConnection } from '../shared/api/admin-api-keys';
import {
  acceptOffer,
  counterOffer,
  listConversationOffers,
  listMyOffers,
  makeOffer,
  rejectOffer,
} from '../shared/api/offers';
import { getAdminSettings, getPublicSettings, updateAdminSettings } from '../shared/api/admin-settings';
import { UPC_SERVICES } from '../shared/domain/admin-settings';

/**
 * The one table of HTTP routes, WebSocket routes, queues and schedules. The CDK stacks and the local runtime are both
 * built from it, so the two can't drift. `handler` is a module path under functions/ that exports `handler`.
 */
export type { Auth };

/**
 * The callers of the authorization matrix (tests/integration/authorization-matrix.test.ts, decision 018): a visitor with
 * no session; a signed-in buyer who is not a seller; the seller who owns the resource the request names (any seller when
 * it names none); another seller; an administrator (the admin role stored on the user, not a seller).
 */
export const CALLERS = ['visitor', 'user', 'seller', 'otherSeller', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
/** The status each caller gets for a valid request to the route (the test's fixture for it). */
export type Access = Readonly<Record<Caller, number>>;

/**
 * Only the receiver of the offer the request names: the fixture's offer is the matrix buyer's, so its seller answers
 * it; its sender (the buyer) is refused (not_receiver, 403), and to anyone else it does not exist (404).
 */
const offerReceiver = (status: number): Access => ({
  visitor: 401,
  user: 403,
  seller: status,
  otherSeller: 404,
  admin: 404,
});

/** Everyone gets `status`. */
const anyone = (status: number): Access => ({
  visitor: status,
  user: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
/** Any signed-in user gets `status`; a visitor 401. */
const signedIn = (status: number): Access => ({ ...anyone(status), visitor: 401 });
/** Any seller gets `status`; a buyer or an admin (neither is a seller) 403. */
const sellers = (status: number): Access => ({
  visitor: 401,
  user: 403,
  seller: status,
  otherSeller: status,
  admin: 403,
});
/** Only the seller who owns the resource the request names. */
const owner = (status: number): Access => ({ visitor: 401, user: 403, seller: status, otherSeller: 403, admin: 403 });
/**
 * Only the seller of the order the request names: its buyer (the matrix's user) is the wrong party (403); to anyone
 * else the order does not exist (404).
 */
const orderSeller = (status: number): Access => ({
  visitor: 401,
  user: 403,
  seller: status,
  otherSeller: 404,
  admin: 404,
});

/** Administrators only (the role stored on the user); everyone else signed in 403. */
const admins = (status: number): Access => ({ visitor: 401, user: 403, seller: 403, otherSeller: 403, admin: status });

/** Only the seller of the order the request names; to anyone else, its buyer too, it does not exist (404). */
const orderSellerAlone = (status: number): Access => ({
  visitor: 401,
  user: 404,
  seller: status,
  otherSeller: 404,
  admin: 404,
});

/**
 * Only the reviewed user of the review the request names (the matrix's seller); reviews are read in the caller's own
 * partition, so to anyone else it does not exist (404).
 */
const reviewed = (status: number): Access => ({
  visitor: 401,
  user: 404,
  seller: status,
  otherSeller: 404,
  admin: 404,
});

/**
 * Only the two parties of the conversation the request names (the matrix's buyer and seller); to anyone else it does
 * not exist (404).
 */
const parties = (status: number): Access => ({
  visitor: 401,
  user: status,
  seller: status,
  otherSeller: 404,
  admin: 404,
});

/**
 * Only the buyer of the order the request names (the matrix's user): its seller is the wrong party (403); to anyone
 * else the order does not exist (404).
 */
const orderBuyer = (status: number): Access => ({
  visitor: 401,
  user: status,
  seller: 403,
  otherSeller: 404,
  admin: 404,
});

export interface RouteDef<C extends ApiContract = ApiContract> {
  name: string;
  contract: C;
  handler: string;
  auth: Auth;
  /** Expected status per caller; required, so a route can't join the table without its row of the matrix. */
  access: Access;
  /** A public route that issues sessions or registration tickets (needs the signing key without checking a session). */
  issuesSessions?: boolean;
  /**
   * Key prefix in the media bucket this route writes under: presigned browser uploads (a presigned POST acts with the
   * route's own permission) or its own writes.
   */
  uploadsMedia?: string;
  /** Talks to the Xaman platform API (reads the Xaman API secret). */
  usesSigner?: boolean;
  /** Talks to the carrier (gets its settings and reads its API secret). */
  usesCarrier?: boolean;
  /** Submits signed transactions to the ledger and waits for them (given time for a ledger close or two). */
  submitsToLedger?: boolean;
  /** Seals escrow fulfillments (encrypts with the fulfillment key). */
  sealsFulfillments?: boolean;
  /** Opens sealed fulfillments to release escrows (decrypts with the fulfillment key; signs as the platform account). */
  opensFulfillments?: boolean;
  /** Signs as the platform account (reads its seed) without opening any order's fulfillment: the escrow test. */
  signsAsPlatform?: boolean;
  /** Key prefixes in the media bucket this route deletes under (uploads it moves or refuses, photos a listing drops). */
  deletesMedia?: readonly string[];
  /** A public route that shows a signed-in viewer more when a session token is sent (checks it, so needs the key). */
  readsSession?: boolean;
  /**
   * A POST a browser may retry: the request needs an Idempotency-Key header, and a retry with the same key gets the
   * first answer (functions/lib/idempotency.ts, decision 006).
   */
  idempotent?: boolean;
  /**
   * Rate limits, per IP or per user (functions/core/auth/rate-limit.ts), this route counts: it may update those
   * counters, and only those, even as a GET.
   */
  rateLimits?: readonly string[];
  /** Cache items (by their `key`'s first part) this route writes, even as a GET: product lookup's (decision 069). */
  cacheKeyPrefixes?: readonly string[];
  /** Native packages the route's function needs next to its bundle (for their binaries), as on QueueDef. */
  nativeModules?: readonly string[];
  /**
   * A sign-in, money or bid path (every money and bid POST): the function gets reserved concurrency, so a flood
   * elsewhere can't starve it (and it can't starve the rest), and the route its own throttle on the API stage
   * (api-stack.ts): tighter than the stage's for sign-in and money, the rate of a hot auction for bids (decision 031).
   */
  capacity?: 'sign-in' | 'money' | 'bids';
}

function route<C extends ApiContract>(
  name: string,
  contract: C,
  handler: string,
  auth: Auth,
  access: Access,
  extra: Pick<
    RouteDef,
    | 'issuesSessions'
    | 'uploadsMedia'
    | 'usesSigner'
    | 'usesCarrier'
    | 'submitsToLedger'
    | 'sealsFulfillments'
    | 'opensFulfillments'
    | 'signsAsPlatform'
    | 'deletesMedia'
    | 'readsSession'
    | 'idempotent'
    | 'rateLimits'
    | 'cacheKeyPrefixes'
    | 'nativeModules'
    | 'capacity'
  > = {},
): RouteDef<C> {
  return { name, contract, handler, auth, access, ...extra };
}

/** Image re-encoding (functions/adapters/image-cleaner.ts). */
const SHARP = ['sharp'];
/** Where avatars are served from (re-encoded from the pending uploads). */
const AVATARS = 'avatars/';
/** What Delete Data deletes of a user's images (decision 059). */
const ERASED_MEDIA = [LISTING_PHOTOS, AVATARS, STORE_BANNERS];

export const routes = {
  getHealth: route('getHealth', getHealth, 'http/health/get-health', 'public', anyone(200), {
    usesSigner: true,
    usesCarrier: true,
  }),
  listListings: route('listListings', listListings, 'http/listings/list-listings', 'public', anyone(200), {
    rateLimits: ['searchListings'],
  }),
  startSignIn: route('startSignIn', startSignIn, 'http/auth/start-sign-in', 'public', anyone(201), {
    usesSigner: true,
    capacity: 'sign-in',
  }),
  getSignInStatus: route('getSignInStatus', getSignInStatus, 'http/auth/get-sign-in-status', 'public', anyone(200), {
    usesSigner: true,
  }),
  completeSignIn: route('completeSignIn', completeSignIn, 'http/auth/complete-sign-in', 'public', anyone(200), {
    issuesSessions: true,
    usesSigner: true,
    capacity: 'sign-in',
  }),
  // A repeat answers the request's status again: no Idempotency-Key needed.
  cancelSignIn: route('cancelSignIn', cancelSignIn, 'http/auth/cancel-sign-in', 'public', anyone(200), {
    usesSigner: true,
  }),
  checkUsername: route('checkUsername', checkUsername, 'http/auth/check-username', 'public', anyone(200)),
  createAccount: route('createAccount', createAccount, 'http/auth/create-account', 'public', anyone(201), {
    issuesSessions: true,
    capacity: 'sign-in',
  }),
  refreshSession: route('refreshSession', refreshSession, 'http/auth/refresh-session', 'user', signedIn(200)),
  signOut: route('signOut', signOut, 'http/auth/sign-out', 'user', signedIn(200)),
  getMe: route('getMe', getMe, 'http/auth/get-me', 'user', signedIn(200)),
  getProfile: route('getProfile', getProfile, 'http/profile/get-profile', 'user', signedIn(200)),
  updateProfile: route('updateProfile', updateProfile, 'http/profile/update-profile', 'user', signedIn(200)),
  startAvatarUpload: route(
    'startAvatarUpload',
    startAvatarUpload,
    'http/profile/start-avatar-upload',
    'user',
    signedIn(201),
    { uploadsMedia: PENDING_UPLOADS },
  ),
  // Uploads (photos, banners, avatars) are re-encoded from the pending prefix onto their served key (sharp), then go.
  setAvatar: route('setAvatar', setAvatar, 'http/profile/set-avatar', 'user', signedIn(200), {
    uploadsMedia: AVATARS,
    deletesMedia: [PENDING_UPLOADS],
    nativeModules: SHARP,
  }),
  // The banner a new one replaces goes.
  updateStore: route('updateStore', updateStore, 'http/stores/update-store', 'user', signedIn(200), {
    uploadsMedia: STORE_BANNERS,
    deletesMedia: [PENDING_UPLOADS, STORE_BANNERS],
    nativeModules: SHARP,
  }),
  // Featured items (decision 055): only the seller's own active listings (the fixture pins the seller's); a PUT that
  // sets the whole list, so a retry changes nothing.
  setFeaturedListings: route(
    'setFeaturedListings',
    setFeaturedListings,
    'http/stores/set-featured-listings',
    'user',
    owner(200),
  ),
  // Public, but the listing's seller (by an optional session) also gets its reserve and minimum offer.
  getListing: route('getListing', getListing, 'http/listings/get-listing', 'public', anyone(200), {
    readsSession: true,
  }),
  // The listing page's shipping estimate for calculated shipping (decision 051): any signed-in viewer, to their ZIP.
  getListingShippingEstimate: route(
    'getListingShippingEstimate',
    getListingShippingEstimate,
    'http/listings/get-listing-shipping-estimate',
    'user',
    signedIn(200),
    { usesCarrier: true },
  ),
  // A bid (decision 027): any signed-in user on someone else's auction (the fixture names one; on their own auction a
  // seller gets 403 'Cannot Bid on Own Item'); money, so retried with its Idempotency-Key, on reserved capacity sized
  // for a hot auction.
  placeBid: route('placeBid', placeBid, 'http/bids/place-bid', 'user', signedIn(201), {
    idempotent: true,
    capacity: 'bids',
  }),
  // The public bid history, highest first, never a maximum.
  listBids: route('listBids', listBids, 'http/bids/list-bids', 'public', anyone(200)),
  // The caller's own auctions with their maximum and standing (My Activity's Bids, the cart's Active Bids).
  listMyBids: route('listMyBids', listMyBids, 'http/bids/list-my-bids', 'user', signedIn(200)),
  // Public; a viewer's session (when sent) adds whether they follow the store (decision 058).
  getStore: route('getStore', getStore, 'http/stores/get-store', 'public', anyone(200), { readsSession: true }),
  // Follow and Following (decision 058): any signed-in user, another's store (the fixture names one; one's own is 409
  // 'cannot_follow_yourself'). PUT and DELETE set the state, so a repeat changes nothing and needs no key.
  followStore: route('followStore', followStore, 'http/follows/follow-store', 'user', signedIn(200)),
  unfollowStore: route('unfollowStore', unfollowStore, 'http/follows/unfollow-store', 'user', signedIn(200)),
  listStoreReviews: route(
    'listStoreReviews',
    listStoreReviews,
    'http/stores/list-store-reviews',
    'public',
    anyone(200),
  ),
  // Reviews (decision 050): both parties of the completed order the request names review each other once (anyone
  // else: 404); a retry with the same Idempotency-Key gets the first answer, a new review of the order 409.
  createReview: route('createReview', createReview, 'http/reviews/create-review', 'user', parties(201), {
    idempotent: true,
  }),
  replyToReview: route('replyToReview', replyToReview, 'http/reviews/reply-to-review', 'user', reviewed(201), {
    idempotent: true,
  }),
  // Attaching re-encodes checked uploads onto the listing prefix; an edit deletes the photos it drops.
  createListing: route('createListing', createListing, 'http/listings/create-listing', 'user', sellers(201), {
    uploadsMedia: LISTING_PHOTOS,
    deletesMedia: [PENDING_UPLOADS, LISTING_PHOTOS],
    nativeModules: SHARP,
    // A browser retry (lost answer, double click) returns the first listing instead of making a second.
    idempotent: true,
  }),
  updateListing: route('updateListing', updateListing, 'http/listings/update-listing', 'user', owner(200), {
    uploadsMedia: LISTING_PHOTOS,
    deletesMedia: [PENDING_UPLOADS, LISTING_PHOTOS],
    nativeModules: SHARP,
  }),
  startListingPhotoUpload: route(
    'startListingPhotoUpload',
    startListingPhotoUpload,
    'http/listings/start-listing-photo-upload',
    'user',
    sellers(201),
    { uploadsMedia: PENDING_UPLOADS },
  ),
  importListingPhoto: route(
    'importListingPhoto',
    importListingPhoto,
    'http/listings/import-listing-photo',
    'user',
    sellers(201),
    { uploadsMedia: PENDING_UPLOADS },
  ),
  listMyListings: route('listMyListings', listMyListings, 'http/listings/list-my-listings', 'user', signedIn(200)),
  endListing: route('endListing', endListing, 'http/listings/end-listing', 'user', owner(200)),
  lookupZip: route('lookupZip', lookupZip, 'http/lookup/lookup-zip', 'user', signedIn(200)),
  // Counts each user's lookups and caches each service's answers (decision 069).
  lookupProducts: route('lookupProducts', lookupProducts, 'http/lookup/lookup-products', 'user', signedIn(200), {
    rateLimits: ['lookupProducts'],
    cacheKeyPrefixes: UPC_SERVICES,
  }),
  getWishlist: route('getWishlist', getWishlist, 'http/wishlist/get-wishlist', 'user', signedIn(200)),
  addToWishlist: route('addToWishlist', addToWishlist, 'http/wishlist/add-to-wishlist', 'user', signedIn(200)),
  removeFromWishlist: route(
    'removeFromWishlist',
    removeFromWishlist,
    'http/wishlist/remove-from-wishlist',
    'user',
    signedIn(200),
  ),
  getWalletBalances: route(
    'getWalletBalances',
    getWalletBalances,
    'http/wallet/get-wallet-balances',
    'user',
    signedIn(200),
  ),
  // The bell: unread count and the 5 latest in one request.
  getNotificationSummary: route(
    'getNotificationSummary',
    getNotificationSummary,
    'http/notifications/get-notification-summary',
    'user',
    signedIn(200),
  ),
  listNotifications: route(
    'listNotifications',
    listNotifications,
    'http/notifications/list-notifications',
    'user',
    signedIn(200),
  ),
  // Not `idempotent`: marking read is naturally so (a retry finds it read and answers the same), no key needed.
  markNotificationRead: route(
    'markNotificationRead',
    markNotificationRead,
    'http/notifications/mark-notification-read',
    'user',
    signedIn(200),
  ),
  // Likewise: a retry finds nothing unread and answers the same count (0).
  markAllNotificationsRead: route(
    'markAllNotificationsRead',
    markAllNotificationsRead,
    'http/notifications/mark-all-notifications-read',
    'user',
    signedIn(200),
  ),
  // Messages (decision 032): Contact Seller finds or makes the one conversation of (listing or store, caller, seller),
  // so a retry finds what the first made (no key needed); one's own listing or store is 403 'Cannot Contact Yourself';
  // new ones count against the caller's limit (RATE_LIMITS.startConversation).
  startConversation: route(
    'startConversation',
    startConversation,
    'http/messages/start-conversation',
    'user',
    signedIn(200),
  ),
  listConversations: route(
    'listConversations',
    listConversations,
    'http/messages/list-conversations',
    'user',
    signedIn(200),
  ),
  getUnreadMessageCount: route(
    'getUnreadMessageCount',
    getUnreadMessageCount,
    'http/messages/get-unread-message-count',
    'user',
    signedIn(200),
  ),
  getConversation: route('getConversation', getConversation, 'http/messages/get-conversation', 'user', parties(200)),
  listMessages: route('listMessages', listMessages, 'http/messages/list-messages', 'user', parties(200)),
  // Counted against the sender's per-user limit (RATE_LIMITS.sendMessage); a retry with its key gets the first answer.
  sendMessage: route('sendMessage', sendMessage, 'http/messages/send-message', 'user', parties(201), {
    idempotent: true,
  }),
  // Naturally idempotent, like a notification's read: a retry finds nothing unread and answers the same count.
  markConversationRead: route(
    'markConversationRead',
    markConversationRead,
    'http/messages/mark-conversation-read',
    'user',
    parties(200),
  ),
  // Offers (decision 033), in a listing's conversation: only its buyer makes one (its seller: 403 own item;
  // the fixture names each buyer's own conversation, the seller's about the other seller's listing), only the
  // receiver answers one; POSTs a browser may retry, so each takes an Idempotency-Key.
  makeOffer: route('makeOffer', makeOffer, 'http/offers/make-offer', 'user', parties(201), { idempotent: true }),
  listConversationOffers: route(
    'listConversationOffers',
    listConversationOffers,
    'http/offers/list-conversation-offers',
    'user',
    parties(200),
  ),
  acceptOffer: route('acceptOffer', acceptOffer, 'http/offers/accept-offer', 'user', offerReceiver(200), {
    idempotent: true,
  }),
  rejectOffer: route('rejectOffer', rejectOffer, 'http/offers/reject-offer', 'user', offerReceiver(200), {
    idempotent: true,
  }),
  counterOffer: route('counterOffer', counterOffer, 'http/offers/counter-offer', 'user', offerReceiver(201), {
    idempotent: true,
  }),
  // My Activity's Offers tab: the caller's own threads as buyer.
  listMyOffers: route('listMyOffers', listMyOffers, 'http/offers/list-my-offers', 'user', signedIn(200)),
  // The cart: any signed-in user; each only ever reads and writes their own (the session names the cart).
  getCart: route('getCart', getCart, 'http/cart/get-cart', 'user', signedIn(200)),
  // PUT sets a quantity and DELETE removes: repeating either changes nothing, so no Idempotency-Key.
  setCartItem: route('setCartItem', setCartItem, 'http/cart/set-cart-item', 'user', signedIn(200)),
  removeCartItem: route('removeCartItem', removeCartItem, 'http/cart/remove-cart-item', 'user', signedIn(200)),
  clearCart: route('clearCart', clearCart, 'http/cart/clear-cart', 'user', signedIn(200)),
  // Not `idempotent`: a merge keeps the larger quantity of each line, so a retry finds nothing left to change.
  mergeCart: route('mergeCart', mergeCart, 'http/cart/merge-cart', 'user', signedIn(200)),
  // Checkout: the carrier's rates for calculated shipping, held as a quote the order is priced from.
  getShippingOptions: route(
    'getShippingOptions',
    getShippingOptions,
    'http/orders/get-shipping-options',
    'user',
    signedIn(200),
    { usesCarrier: true },
  ),
  // Orders and their escrows are made here: a retry with the same Idempotency-Key gets the first answer.
  checkout: route('checkout', checkout, 'http/orders/checkout', 'user', signedIn(201), {
    idempotent: true,
    capacity: 'money',
    sealsFulfillments: true,
  }),
  // The caller's own order only: anyone else's is 404 (the fixture names an order of each caller's).
  requestEscrowSigning: route(
    'requestEscrowSigning',
    requestEscrowSigning,
    'http/orders/request-escrow-signing',
    'user',
    signedIn(201),
    { idempotent: true, capacity: 'money', usesSigner: true },
  ),
  // The buyer withdraws the open request (with none made yet, the order itself); asked again, the order is no longer
  // awaiting a signature and the 409 says what it is now.
  cancelEscrowSigning: route(
    'cancelEscrowSigning',
    cancelEscrowSigning,
    'http/orders/cancel-escrow-signing',
    'user',
    signedIn(200),
    { usesSigner: true, submitsToLedger: true },
  ),
  getOrder: route('getOrder', getOrder, 'http/orders/get-order', 'user', signedIn(200), {
    usesSigner: true,
    submitsToLedger: true,
  }),
  // The seller's actions on a pending escrow: only the order's seller (its buyer: 403, anyone else: 404). Fee first,
  // then ship or approve; rejecting a pickup needs no fee. Each may be retried with its Idempotency-Key.
  requestPlatformFee: route(
    'requestPlatformFee',
    requestPlatformFee,
    'http/orders/request-platform-fee',
    'user',
    orderSeller(200),
    { idempotent: true, capacity: 'money', usesSigner: true },
  ),
  shipOrder: route('shipOrder', shipOrder, 'http/orders/ship-order', 'user', orderSeller(200), {
    idempotent: true,
    capacity: 'money',
    usesCarrier: true,
  }),
  // A label bought here (decision 039): rates for the order's parcel, then one Payment of fee plus label (its cost
  // quoted by the server); the signing consumer buys it once the ledger validates the payment.
  getLabelRates: route('getLabelRates', getLabelRates, 'http/orders/get-label-rates', 'user', orderSeller(200), {
    usesCarrier: true,
  }),
  requestLabelPayment: route(
    'requestLabelPayment',
    requestLabelPayment,
    'http/orders/request-label-payment',
    'user',
    orderSeller(200),
    { idempotent: true, capacity: 'money', usesSigner: true, usesCarrier: true },
  ),
  // The label's PDF carries both addresses: the order's seller alone reads it.
  getLabelPdf: route('getLabelPdf', getLabelPdf, 'http/orders/get-label-pdf', 'user', orderSellerAlone(200)),
  decidePickup: route('decidePickup', decidePickup, 'http/orders/decide-pickup', 'user', orderSeller(200), {
    idempotent: true,
    capacity: 'money',
    submitsToLedger: true,
    opensFulfillments: true,
  }),
  // Report Issue (decision 053). Each caller disputes an order of its own buying (the fixture names one; another's order
  // is 403 to its seller and 404 to anyone else: tests/integration/disputes.test.ts).
  // Its photos upload like listing photos, to the caller's pending prefix; the report re-encodes them (sharp).
  startDisputePhotoUpload: route(
    'startDisputePhotoUpload',
    startDisputePhotoUpload,
    'http/disputes/start-dispute-photo-upload',
    'user',
    signedIn(201),
    { uploadsMedia: PENDING_UPLOADS },
  ),
  openDispute: route('openDispute', openDispute, 'http/disputes/open-dispute', 'user', signedIn(201), {
    idempotent: true,
    capacity: 'money',
    uploadsMedia: DISPUTE_PHOTOS,
    deletesMedia: [PENDING_UPLOADS, DISPUTE_PHOTOS],
    nativeModules: SHARP,
  }),
  withdrawDispute: route('withdrawDispute', withdrawDispute, 'http/disputes/withdraw-dispute', 'user', signedIn(200), {
    capacity: 'money',
  }),
  // The seller of the disputed order refunds its buyer (the buyer 403, anyone else 404).
  refundDispute: route('refundDispute', refundDispute, 'http/disputes/refund-dispute', 'user', orderSeller(200), {
    idempotent: true,
    capacity: 'money',
  }),
  // The seller of the disputed order answers it with a message and photos (the buyer 403, anyone else 404).
  respondToDispute: route(
    'respondToDispute',
    respondToDispute,
    'http/disputes/respond-to-dispute',
    'user',
    orderSeller(201),
    {
      idempotent: true,
      uploadsMedia: DISPUTE_PHOTOS,
      deletesMedia: [PENDING_UPLOADS, DISPUTE_PHOTOS],
      nativeModules: SHARP,
    },
  ),
  // An administrator releases (now, on the ledger) or refunds a disputed order.
  resolveDispute: route('resolveDispute', resolveDispute, 'http/disputes/resolve-dispute', 'admin', admins(200), {
    idempotent: true,
    capacity: 'money',
    submitsToLedger: true,
    opensFulfillments: true,
  }),
  // Request Return (decision 054): only the order's buyer (its seller 403, anyone else 404).
  requestReturn: route('requestReturn', requestReturn, 'http/returns/request-return', 'user', orderBuyer(201), {
    idempotent: true,
    capacity: 'money',
  }),
  // The seller of the returned order answers it (the buyer 403, anyone else 404).
  decideReturn: route('decideReturn', decideReturn, 'http/returns/decide-return', 'user', orderSeller(200), {
    idempotent: true,
    capacity: 'money',
  }),
  // The buyer of an approved return gives the tracking number of the parcel sending it back.
  shipReturn: route('shipReturn', shipReturn, 'http/returns/ship-return', 'user', orderBuyer(200), {
    idempotent: true,
    capacity: 'money',
    usesCarrier: true,
  }),
  // Admin carrier tests (decision 066): a label is a test parcel and a simulated webhook names only test parcels, so
  // the webhook's own release path (which it runs) releases nothing.
  runCarrierTool: route('runCarrierTool', runCarrierTool, 'http/admin-tools/run-carrier-tool', 'admin', admins(200), {
    idempotent: true,
    usesCarrier: true,
    submitsToLedger: true,
    opensFulfillments: true,
  }),
  // Admin escrow test (decision 070): the platform's wallet locks a cent of RLUSD to itself and finishes it; the body is
  // empty, so it can never name an order. Signs as the platform account (its seed comes with opensFulfillments).
  runEscrowTest: route('runEscrowTest', runEscrowTest, 'http/admin-tools/run-escrow-test', 'admin', admins(200), {
    idempotent: true,
    submitsToLedger: true,
    signsAsPlatform: true,
  }),
  // Admin moderation (decision 066): a listing featured or hidden, a user suspended, each with a reason, audited.
  moderateListing: route(
    'moderateListing',
    moderateListing,
    'http/admin-moderation/moderate-listing',
    'admin',
    admins(200),
    {
      idempotent: true,
    },
  ),
  moderateUser: route('moderateUser', moderateUser, 'http/admin-moderation/moderate-user', 'admin', admins(200), {
    idempotent: true,
  }),
  // The 'Verified Seller' mark (decision 069): with require_kyc on, only a verified seller publishes. A PUT of the mark.
  setSellerVerification: route(
    'setSellerVerification',
    setSellerVerification,
    'http/admin-moderation/set-seller-verification',
    'admin',
    admins(200),
  ),
  // After release, the buyer takes a rejected return to an administrator.
  escalateReturn: route('escalateReturn', escalateReturn, 'http/returns/escalate-return', 'user', orderBuyer(200), {
    idempotent: true,
  }),
  // After release, the seller's wallet request for the refund Payment of a return delivered back.
  requestReturnRefund: route(
    'requestReturnRefund',
    requestReturnRefund,
    'http/returns/request-return-refund',
    'user',
    orderSeller(200),
    { idempotent: true, capacity: 'money', usesSigner: true },
  ),
  // An administrator decides an escalated return.
  resolveReturn: route('resolveReturn', resolveReturn, 'http/returns/resolve-return', 'admin', admins(200), {
    idempotent: true,
  }),
  // The admin escrow monitor (decision 065): the latest escrows and their counts, and a stuck one's settlement again.
  listEscrows: route('listEscrows', listEscrows, 'http/admin-escrow/list-escrows', 'admin', admins(200)),
  retrySettlement: route(
    'retrySettlement',
    retrySettlement,
    'http/admin-escrow/retry-settlement',
    'admin',
    admins(200),
    {
      idempotent: true,
      capacity: 'money',
      submitsToLedger: true,
      opensFulfillments: true,
    },
  ),
  // The admin portal's Cases tab (decision 068): open disputes and escalated returns; decided by resolveDispute and
  // resolveReturn above.
  listCases: route('listCases', listCases, 'http/admin-cases/list-cases', 'admin', admins(200)),
  getCase: route('getCase', getCase, 'http/admin-cases/get-case', 'admin', admins(200)),
  // The admin portal's General tab (decision 063): platform settings, audited per key; the public read every page makes.
  getAdminSettings: route(
    'getAdminSettings',
    getAdminSettings,
    'http/admin-settings/get-admin-settings',
    'admin',
    admins(200),
  ),
  updateAdminSettings: route(
    'updateAdminSettings',
    updateAdminSettings,
    'http/admin-settings/update-admin-settings',
    'admin',
    admins(200),
  ),
  getPublicSettings: route(
    'getPublicSettings',
    getPublicSettings,
    'http/admin-settings/get-public-settings',
    'public',
    anyone(200),
  ),
  // Each caller's own return requests as a seller (none is an empty list).
  listReturnRequests: route(
    'listReturnRequests',
    listReturnRequests,
    'http/returns/list-return-requests',
    'user',
    signedIn(200),
  ),
  // After an auction ends (decision 029). The winner pays their own order awaiting payment (anyone else's is
  // 404; the fixture names an order each caller won): escrow terms are sealed here, as at checkout.
  payAuctionOrder: route('payAuctionOrder', payAuctionOrder, 'http/orders/pay-auction-order', 'user', signedIn(200), {
    idempotent: true,
    capacity: 'money',
    sealsFulfillments: true,
  }),
  // The cart's won items to pay, or every order still to pay or sign (My Activity's Pending): each caller's own.
  listAwaitingPayment: route(
    'listAwaitingPayment',
    listAwaitingPayment,
    'http/orders/list-awaiting-payment',
    'user',
    signedIn(200),
  ),
  // Only the seller of a lapsed winner's order offers the runner-up a second chance (its buyer 403, others 404).
  offerSecondChance: route(
    'offerSecondChance',
    offerSecondChance,
    'http/auctions/offer-second-chance',
    'user',
    orderSeller(200),
    { idempotent: true, capacity: 'money' },
  ),
  // Only the listing's seller relists an auction that ended without a paid sale; its photos are copied for it (and the
  // copies deleted again when the relist is not written).
  relistAuction: route('relistAuction', relistAuction, 'http/auctions/relist-auction', 'user', owner(201), {
    idempotent: true,
    uploadsMedia: LISTING_PHOTOS,
    deletesMedia: [LISTING_PHOTOS],
  }),
  // FedEx's signed tracking webhook: only a trigger to ask the Track API again, which may release escrows.
  carrierWebhook: route('carrierWebhook', carrierWebhook, 'http/shipping/carrier-webhook', 'public', anyone(200), {
    usesCarrier: true,
    submitsToLedger: true,
    opensFulfillments: true,
    capacity: 'money',
  }),
  listMyOrders: route('listMyOrders', listMyOrders, 'http/orders/list-my-orders', 'user', signedIn(200)),
  // A seller's RLUSD trust line (escrows pay out to it): whether the wallet has one, and a TrustSet to sign if not.
  getRlusdTrustLine: route(
    'getRlusdTrustLine',
    getRlusdTrustLine,
    'http/wallet/get-rlusd-trust-line',
    'user',
    signedIn(200),
  ),
  requestRlusdTrustLine: route(
    'requestRlusdTrustLine',
    requestRlusdTrustLine,
    'http/wallet/request-rlusd-trust-line',
    'user',
    signedIn(200),
    { idempotent: true, usesSigner: true },
  ),
  // The seller portal's danger zone (decision 059): each caller's own store and data. A retry with the same key gets
  // the first answer; asked again with a new key, each answers where it stands.
  deactivateStore: route(
    'deactivateStore',
    deactivateStore,
    'http/account-state/deactivate-store',
    'user',
    signedIn(200),
    { idempotent: true },
  ),
  reactivateStore: route(
    'reactivateStore',
    reactivateStore,
    'http/account-state/reactivate-store',
    'user',
    signedIn(200),
    { idempotent: true },
  ),
  // Erases as far as its time allows (resume-account-work does the rest): the listing photos, avatar and banner go.
  deleteMyData: route('deleteMyData', deleteMyData, 'http/account-state/delete-my-data', 'user', signedIn(200), {
    idempotent: true,
    deletesMedia: ERASED_MEDIA,
  }),
  // Send Funds (decision 060): any signed-in user from their own wallet; the Payment's wallet request is opened once
  // the ledger says it can go (its settlement submits it). Reading a send: only its sender's (anyone else 404).
  sendFunds: route('sendFunds', sendFunds, 'http/sends/send-funds', 'user', signedIn(201), {
    idempotent: true,
    usesSigner: true,
    capacity: 'money',
  }),
  getSend: route('getSend', getSend, 'http/sends/get-send', 'user', signedIn(200)),
  // The listing page's view beacon (decision 056): anyone, answered 202 whether or not the view counts; the signed-in
  // viewer is read from an optional session (the seller's own views are not counted). Not `idempotent`: a retry is a
  // repeat view within 30 minutes, which the counting ignores.
  recordListingView: route(
    'recordListingView',
    recordListingView,
    'http/analytics/record-listing-view',
    'public',
    anyone(202),
    { readsSession: true },
  ),
  // The seller portal's Analytics: each caller's own figures as a seller (none is all zeros).
  getSellerAnalytics: route(
    'getSellerAnalytics',
    getSellerAnalytics,
    'http/analytics/get-seller-analytics',
    'user',
    signedIn(200),
  ),
  // Xaman's signed call when a payload resolves; only a trigger to read it back with our secret.
  xamanWebhook: route('xamanWebhook', xamanWebhook, 'http/signing/xaman-webhook', 'public', anyone(200), {
    usesSigner: true,
    submitsToLedger: true,
    capacity: 'money',
  }),
  // The seller portal's Settings tab (decision 057): the caller's own settings; a save replaces them whole (PUT, so a
  // retry writes the same again).
  getSellerSettings: route(
    'getSellerSettings',
    getSellerSettings,
    'http/seller-settings/get-seller-settings',
    'user',
    signedIn(200),
  ),
  saveSellerSettings: route(
    'saveSellerSettings',
    saveSellerSettings,
    'http/seller-settings/save-seller-settings',
    'user',
    signedIn(200),
  ),
  // The admin portal's Roles and Audit tabs (decision 062). Grant and revoke are PUT and DELETE: a retry changes and
  // records nothing more.
  listAdmins: route('listAdmins', listAdmins, 'http/admin-roles/list-admins', 'admin', admins(200)),
  grantAdminRole: route('grantAdminRole', grantAdminRole, 'http/admin-roles/grant-admin-role', 'admin', admins(200)),
  revokeAdminRole: route(
    'revokeAdminRole',
    revokeAdminRole,
    'http/admin-roles/revoke-admin-role',
    'admin',
    admins(200),
  ),
  listAuditEntries: route(
    'listAuditEntries',
    listAuditEntries,
    'http/admin-audit/list-audit-entries',
    'admin',
    admins(200),
  ),
  // The admin portal's XRPL Network tab (decision 064). Saves are PUTs (a retry writes the same again); Test
  // Connection only reads, so a retry is harmless without an Idempotency-Key.
  getNetworkSettings: route(
    'getNetworkSettings',
    getNetworkSettings,
    'http/admin-network/get-network-settings',
    'admin',
    admins(200),
  ),
  saveNetworkSettings: route(
    'saveNetworkSettings',
    saveNetworkSettings,
    'http/admin-network/save-network-settings',
    'admin',
    admins(200),
  ),
  testNetworkConnection: route(
    'testNetworkConnection',
    testNetworkConnection,
    'http/admin-network/test-network-connection',
    'admin',
    admins(200),
  ),
  // The API keys tab (decision 064): whether each key is set, a new value, and Test Connection with the stored ones.
  getApiKeys: route('getApiKeys', getApiKeys, 'http/admin-api-keys/get-api-keys', 'admin', admins(200)),
  saveApiKey: route('saveApiKey', saveApiKey, 'http/admin-api-keys/save-api-key', 'admin', admins(200)),
  testApiConnection: route(
    'testApiConnection',
    testApiConnection,
    'http/admin-api-keys/test-api-connection',
    'admin',
    admins(200),
    {
      usesSigner: true,
      usesCarrier: true,
    },
  ),
} as const;

/** Whether a route's function reads the session signing key (it checks or issues sessions or tickets). */
export function needsSessionKey(r: RouteDef): boolean {
  return r.auth !== 'public' || r.issuesSessions === true || r.readsSession === true;
}

export const routeList: readonly RouteDef[] = Object.values(routes);

/** WebSocket API routes. */
export const wsRoutes = {
  $connect: 'ws/open-connection',
  $disconnect: 'ws/close-connection',
  $default: 'ws/answer-socket-message',
} as const;

/** The $connect REQUEST authorizer (the local gateway calls it before $connect, as API Gateway does). */
export const wsAuthorizer = 'ws/authorize-connection';

export interface QueueDef {
  name: string;
  /** Environment variable that carries the queue URL to producers. */
  urlEnv: string;
  consumer: string;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the queue's dead-letter queue. */
  maxReceiveCount: number;
  /** The consumer talks to the Xaman platform API (reads the Xaman API secret). */
  usesSigner?: boolean;
  /** The consumer talks to the carrier (gets its settings and reads its API secret). */
  usesCarrier?: boolean;
  /** Media-bucket prefix the consumer reads and writes under. */
  mediaPrefix?: string;
  /** Native packages the consumer needs next to its bundle (for their binaries; their JavaScript is bundled). */
  nativeModules?: string[];
}

export const queues: readonly QueueDef[] = [
  {
    name: 'events',
    urlEnv: 'QUEUE_EVENTS_URL',
    consumer: 'jobs/publish-events',
    batchSize: 10,
    visibilityTimeoutSeconds: 30,
    maxReceiveCount: 5,
  },
  {
    // Pending wallet signing requests, each re-checked by its own delayed message (2 s, then every 5 s).
    name: 'signing',
    urlEnv: 'QUEUE_SIGNING_URL',
    consumer: 'jobs/poll-signing',
    usesSigner: true,
    // A validated fee payment with a label buys it (decision 039): the carrier, and the label PDF's prefix.
    usesCarrier: true,
    mediaPrefix: LABELS_PREFIX,
    batchSize: 10,
    // A signed escrow is submitted and followed to a validated ledger within the check (up to 30 s a run).
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
  },
  {
    // Thumbnails of newly attached listing photos, one message per listing.
    name: 'media',
    urlEnv: 'QUEUE_MEDIA_URL',
    consumer: 'jobs/make-thumbnails',
    batchSize: 5,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 3,
    mediaPrefix: LISTING_PHOTOS,
    nativeModules: ['sharp'],
  },
];

/** An EventBridge Scheduler rate expression: `rate(1 minute)`, `rate(15 minutes)`, `rate(2 hours)`, `rate(1 day)`. */
export type RateExpression = `rate(${number} ${'minute' | 'minutes' | 'hour' | 'hours' | 'day' | 'days'})`;

/**
 * A scheduled job: EventBridge Scheduler invokes `handler` (a scheduledJob, functions/lib/scheduled-job.ts) at `rate`
 * in AWS, with retries and a dead-letter queue; the local runtime's timers call the same handler at the same interval
 * (infra/local/timers.ts), and `POST /_local/schedules/{name}` runs it on demand locally.
 */
export interface ScheduleDef {
  /** Unique, kebab-case: the schedule's name in AWS and in the local path. */
  name: string;
  handler: string;
  rate: RateExpression;
  /** The job talks to the Xaman platform API (reads the Xaman API secret). */
  usesSigner?: boolean;
  /** The job submits signed transactions and waits for the ledger. */
  submitsToLedger?: boolean;
  /** The job talks to the carrier. */
  usesCarrier?: boolean;
  /** The job opens sealed fulfillments and signs as the platform account (releases escrows). */
  opensFulfillments?: boolean;
  /** Key prefixes in the media bucket the job deletes under. */
  deletesMedia?: readonly string[];
}

const RATE_UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** The interval of a rate expression; throws for one EventBridge Scheduler would refuse (e.g. `rate(1 minutes)`). */
export function rateMs(rate: string): number {
  const m = /^rate\((\d+) (minute|hour|day)(s?)\)$/.exec(rate);
  const n = m ? Number(m[1]) : 0;
  if (!m || n < 1 || (n === 1) !== (m[3] === '')) {
    throw new Error(`${rate} is not an EventBridge Scheduler rate expression (e.g. rate(1 minute), rate(5 minutes))`);
  }
  return n * RATE_UNIT_MS[m[2] as keyof typeof RATE_UNIT_MS];
}

/** Scheduled jobs (auction close, delivery checks, escrow expiry) are added here as their features land. */
export const schedules: readonly ScheduleDef[] = [
  // Tells bidders and wishlist savers of auctions ending within the hour, once each (the dedupe key makes reruns harmless).
  { name: 'auction-ending-notices', handler: 'jobs/auction-ending-notices', rate: 'rate(5 minutes)' },
  // Ends auctions at their end: out of browse and search, the winner's order awaiting payment, everyone told.
  { name: 'close-auctions', handler: 'jobs/close-auctions', rate: 'rate(1 minute)' },
  // Auctions' orders unpaid after their 48 hours lapse (the seller may then offer a second chance or relist).
  { name: 'lapse-unpaid-orders', handler: 'jobs/lapse-unpaid-orders', rate: 'rate(5 minutes)' },
  // Pending offers past their 24 hours expire (answers after the expiry are refused before this runs, too).
  { name: 'expire-offers', handler: 'jobs/expire-offers', rate: 'rate(5 minutes)' },
  // Escrows past CancelAfter go back to their buyers; refunds due and releases under way are followed to the ledger.
  {
    name: 'settle-escrows',
    handler: 'jobs/settle-escrows',
    rate: 'rate(1 minute)',
    submitsToLedger: true,
    opensFulfillments: true,
  },
  // Returns: unanswered ones approved, unsent ones lapsed, parcels on their way back tracked (decision 054).
  { name: 'follow-returns', handler: 'jobs/follow-returns', rate: 'rate(1 minute)', usesCarrier: true },
  // Orders that are not final are compared with the ledger; drift is repaired from ledger truth, or marked on the order
  // for the escrow monitor when it can't be (decision 065).
  { name: 'reconcile-orders', handler: 'jobs/reconcile-orders', rate: 'rate(15 minutes)' },
  // One pass over the table, bounded per run: orders funded before the escrow monitor get their bucket and are counted;
  // once through, a run reads only its cursor item (decision 065).
  { name: 'backfill-escrow-buckets', handler: 'jobs/backfill-escrow-buckets', rate: 'rate(15 minutes)' },
  // The escrow figures (counts by state, stuck, the longest wait in releasing and refunding) as metrics for the stage's
  // dashboard and alarms; reads only, through the monitor's keyed reads (decision 076).
  { name: 'measure-escrows', handler: 'jobs/measure-escrows', rate: 'rate(1 minute)' },
  // Shipped parcels are asked of the carrier; those delivered to the buyer release their escrows.
  {
    name: 'check-deliveries',
    handler: 'jobs/check-deliveries',
    rate: 'rate(15 minutes)',
    usesCarrier: true,
    submitsToLedger: true,
    opensFulfillments: true,
  },
  // Store deactivations, reactivations and Delete Data requests that a request did not finish (decision 059).
  {
    name: 'resume-account-work',
    handler: 'jobs/resume-account-work',
    rate: 'rate(1 minute)',
    deletesMedia: ERASED_MEDIA,
  },
  // Units of unsigned orders go back once their reservation runs out; submitted escrows are followed to the ledger.
  {
    name: 'release-reservations',
    handler: 'jobs/release-reservations',
    rate: 'rate(1 minute)',
    usesSigner: true,
    submitsToLedger: true,
  },
  // Weekly reports (decision 057): last week's figures to each user who wants them, once per ISO week; hourly so a run
  // that stops at its limit is continued within the hour.
  { name: 'send-weekly-reports', handler: 'jobs/send-weekly-reports', rate: 'rate(1 hour)' },
];

/** Every module the deployment bundles as its own function. */
export function allHandlerModules(): string[] {
  return [
    ...routeList.map((r) => r.handler),
    ...Object.values(wsRoutes),
    wsAuthorizer,
    ...queues.map((q) => q.consumer),
    ...schedules.map((s) => s.handler),
  ];
}
