import { createHmac, randomUUID } from 'node:crypto';
import { xamanWebhookSignature } from '../../functions/adapters/signer/xaman-webhook-signature';
import type { Caller, routes } from '../../functions/routes';
import { inject } from 'vitest';
import { defaultNetworkSettings } from '../../shared/api/admin-network';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';
import { LOCAL_CARRIER_WEBHOOK_SECRET, LOCAL_XAMAN_API_SECRET } from '../../infra/local/env';
import { call, startSignIn, uniqueName } from './auth-support';
import {
  after,
  bidsOn,
  closeAuctions,
  lapseUnpaid,
  oneAtATime,
  orderFor,
  shortAuction,
  wonAuction,
} from './auction-support';
import { listItem } from './checkout-support';
import { until } from './message-support';
import { giveNotifications } from './notification-support';
import { buyLabel, completedPickup, fundedSale, LABEL_SERVICE, moveParcel, parcel, payFee } from './order-support';
import { leaveReview } from './review-support';
import {
  buyerProfile,
  listingBody,
  registrationTicket,
  sellerProfile,
  signedSignInRequest,
  signInAgain,
  signUp,
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
 * Waits until the stack reports every dependency healthy. While the machine is busiest (every lane starting at once) a
 * probe of the stack's in-process S3 can miss its 2 s, and health then rightly answers 503: the matrix asks who may call
 * the route, so it calls it on a healthy stack.
 */
const untilHealthy = (from: string) =>
  until(async () => (await call('GET', '/api/health', { from })).status === 200, 60_000);

/**
 * One valid request per route, keyed by route name: the type makes a new route in functions/routes.ts fail to compile
 * until it has one here, and the matrix test fails at run time for any route without one.
 */
export const fixtures: Record<keyof typeof routes, Fixture> = {
  getHealth: async ({ from }) => {
    await untilHealthy(from);
    return {};
  },
  listListings: () => ({ query: { category: 'Home & Garden', sort: 'newest' } }),
  startSignIn: () => ({ body: {} }),
  getSignInStatus: async ({ from }) => ({ params: { uuid: (await startSignIn(from)).uuid } }),
  completeSignIn: async ({ from }) => {
    const signed = await signedSignInRequest(from);
    return { params: { uuid: signed.uuid }, body: { clientSecret: signed.clientSecret } };
  },
  cancelSignIn: async ({ from }) => {
    const started = await startSignIn(from);
    return { params: { uuid: started.uuid }, body: { clientSecret: started.clientSecret } };
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
  // The seller's own active listing: anyone else is refused it (403).
  setFeaturedListings: ({ world }) => ({ body: { listingIds: [world.listingId] } }),
  getListing: ({ world }) => ({ params: { listingId: world.listingId } }),
  // A listing of the seller's with calculated shipping (the world's own ships free), made once per world.
  getListingShippingEstimate: async ({ world }) => ({ params: { listingId: await calculatedListingOf(world) } }),
  // Each bid is on a new auction, so callers never outbid each other: the seller's, except for the seller, who bids on
  // the other seller's (as with buying; bidding on one's own is 403, tests/integration/bids.test.ts).
  placeBid: async ({ caller, world }) => ({
    params: { listingId: await auctionOf(caller === 'seller' ? world.callers.otherSeller : world.callers.seller) },
    body: { amountCents: AUCTION_START_CENTS + 1 },
  }),
  listBids: async ({ world }) => ({ params: { listingId: await auctionOf(world.callers.seller) } }),
  listMyBids: () => ({ query: { status: 'pending' } }),
  getStore: ({ world }) => ({ params: { username: world.callers.seller.username } }),
  listStoreReviews: ({ world }) => ({ params: { username: world.callers.seller.username } }),
  // Another's store (decision 058): the seller follows the other seller's; following one's own is 409.
  followStore: ({ caller, world }) => ({ params: { username: storeToFollow(caller, world) }, body: {} }),
  unfollowStore: ({ caller, world }) => ({ params: { username: storeToFollow(caller, world) } }),
  createListing: () => ({ body: listingBody }),
  // The world's listing stays free to ship with units for every checkout fixture (they buy it without a quote).
  updateListing: ({ world }) => ({
    params: { listingId: world.listingId },
    body: { ...listingBody, shippingType: 'free', quantity: 1000 },
  }),
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
  // Contact Seller on the seller's listing (the seller, on the other seller's: never their own).
  startConversation: ({ caller, world }) => ({ body: { listingId: buyable(caller, world) } }),
  listConversations: () => ({}),
  getUnreadMessageCount: () => ({}),
  // The conversation's parties are the buyer and the seller; the others are refused as if it did not exist.
  getConversation: async ({ world }) => ({ params: { conversationId: await conversationOf(world) } }),
  listMessages: async ({ world }) => ({ params: { conversationId: await conversationOf(world) } }),
  sendMessage: async ({ world }) => ({
    params: { conversationId: await conversationOf(world) },
    body: { content: 'Is the lantern still available?' },
  }),
  markConversationRead: async ({ world }) => ({ params: { conversationId: await conversationOf(world) }, body: {} }),
  // Offers: the buyer's conversation about a listing of the seller's that takes offers (made once per world); the
  // seller offers as a buyer in its own conversation about the other seller's listing (as with buying, never its own;
  // on its own item it is 403, tests/integration/offers.test.ts). Each answer route names a pending offer of its own,
  // made by the buyer, so the seller is its receiver.
  makeOffer: async ({ caller, world }) => ({
    params: { conversationId: await offerConversationOf(world, caller === 'seller' ? 'seller' : 'user') },
    body: { amountCents: 1_000, expires: true },
  }),
  listConversationOffers: async ({ world }) => ({
    params: { conversationId: await offerConversationOf(world, 'user') },
  }),
  acceptOffer: async ({ world }) => ({ params: { offerId: await pendingOfferOf(world, 'accept') }, body: {} }),
  rejectOffer: async ({ world }) => ({ params: { offerId: await pendingOfferOf(world, 'reject') }, body: {} }),
  counterOffer: async ({ world }) => ({
    params: { offerId: await pendingOfferOf(world, 'counter') },
    body: { amountCents: 4_000, expires: true },
  }),
  listMyOffers: () => ({}),
  getCart: () => ({}),
  setCartItem: ({ caller, world }) => ({ params: { listingId: buyable(caller, world) }, body: { quantity: 1 } }),
  removeCartItem: ({ caller, world }) => ({ params: { listingId: buyable(caller, world) } }),
  clearCart: () => ({}),
  mergeCart: ({ caller, world }) => ({ body: { items: [{ listingId: buyable(caller, world), quantity: 1 }] } }),
  getShippingOptions: () => ({}),
  checkout: async ({ caller, me, world }) => {
    if (me) await readyToBuy(me, caller, world);
    return { body: { shipping: null, expectedTotalCents: listingBody.priceCents } };
  },
  // Each caller asks about an order of its own (the visitor names one that does not exist: it is refused first).
  requestEscrowSigning: async ({ caller, me, world }) => ({
    params: { orderId: me ? await orderOf(me, caller, world) : 'NOSUCHORDER' },
    body: {},
  }),
  // Each caller withdraws the request of an order of its own.
  cancelEscrowSigning: async ({ caller, me, world }) => ({
    params: { orderId: me ? await signingOrderOf(me, caller, world) : 'NOSUCHORDER' },
  }),
  getOrder: async ({ caller, me, world }) => ({
    params: { orderId: me ? await orderOf(me, caller, world) : 'NOSUCHORDER' },
  }),
  listMyOrders: () => ({ query: { role: 'buyer' } }),
  xamanWebhook: () => signedWebhook(randomUUID()),
  // The seller's actions name one funded sale of the world's seller to its buyer (the others are refused before
  // anything changes); shipping has its fee paid and a parcel to the buyer's ZIP at the carrier stand-in.
  requestPlatformFee: async ({ world }) => ({ params: { orderId: await saleOf(world, 'ship', 'fee') }, body: {} }),
  shipOrder: async ({ world }) => {
    const orderId = await saleOf(world, 'ship', 'ship');
    await (paid.get(orderId) ?? paid.set(orderId, payFee(world.callers.seller, orderId)).get(orderId));
    return { params: { orderId }, body: { trackingNumber: await parcel('78701', '78701') } };
  },
  getLabelRates: async ({ world }) => ({ params: { orderId: await saleOf(world, 'ship', 'label-rates') } }),
  requestLabelPayment: async ({ world }) => ({
    params: { orderId: await saleOf(world, 'ship', 'label') },
    body: { serviceType: LABEL_SERVICE },
  }),
  // A label bought once for the seller's sale: only its seller reads the PDF.
  getLabelPdf: async ({ world }) => {
    const orderId = await saleOf(world, 'ship', 'label-pdf');
    await (bought.get(orderId) ??
      bought
        .set(
          orderId,
          buyLabel(world.callers.seller, orderId).then(() => undefined),
        )
        .get(orderId));
    return { params: { orderId } };
  },
  decidePickup: async ({ world }) => ({
    params: { orderId: await saleOf(world, 'pickup', 'decide') },
    body: { decision: 'reject' },
  }),
  // The auction routes (decision 029). Each caller pays an auction of its own winning (the visitor names none).
  payAuctionOrder: async ({ caller, me, world }) => {
    if (!me) return { params: { orderId: 'NOSUCHORDER' }, body: { shipping: null, expectedTotalCents: 1_000 } };
    const order = await wonOrderOf(me, caller, world);
    return { params: { orderId: order.id }, body: { shipping: null, expectedTotalCents: order.totalCents } };
  },
  listAwaitingPayment: () => ({ query: { scope: 'all' } }),
  // One lapsed winner's order of the seller's, won by the buyer over the other seller (the runner-up).
  offerSecondChance: async ({ world }) => ({ params: { orderId: await lapsedSaleOf(world) }, body: {} }),
  // One auction of the seller's that ended with no bids.
  relistAuction: async ({ world }) => ({
    params: { listingId: await unsoldAuctionOf(world) },
    body: { endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
  }),
  carrierWebhook: () => signedCarrierWebhook([]),
  // Both parties of one completed pickup review each other (the others are refused before anything is read of it).
  createReview: async ({ world }) => ({
    params: { orderId: await completedSaleOf(world, 'review') },
    body: { rating: 5, comment: 'Smooth pickup, as described.' },
  }),
  // The buyer's review of one completed sale, which its seller (the reviewed user) answers.
  replyToReview: async ({ world }) => ({
    params: { reviewId: await reviewOfSeller(world) },
    body: { comment: 'Thank you for coming by!' },
  }),
  startDisputePhotoUpload: () => ({ body: { contentType: 'image/png', size: 1024 } }),
  // Report Issue (decision 053): each caller disputes a purchase of its own (the visitor names none).
  openDispute: async ({ caller, me, world }) => ({
    params: { orderId: me ? await purchaseOf(me, caller, world, 'openDispute') : 'NOSUCHORDER' },
    body: DISPUTE,
  }),
  withdrawDispute: async ({ caller, me, world }) => ({
    params: { orderId: me ? await disputed(me, purchaseOf(me, caller, world, 'withdrawDispute')) : 'NOSUCHORDER' },
  }),
  // One disputed sale of the world's seller to its buyer per route.
  respondToDispute: async ({ world }) => ({
    params: { orderId: await disputedSaleOf(world, 'respondToDispute') },
    body: { message: 'It was packed in bubble wrap; here is the parcel before it left.' },
  }),
  refundDispute: async ({ world }) => ({ params: { orderId: await disputedSaleOf(world, 'refundDispute') }, body: {} }),
  resolveDispute: async ({ world }) => ({
    params: { orderId: await disputedSaleOf(world, 'resolveDispute') },
    body: { outcome: 'refund', note: 'The seller could not show the parcel was sent.' },
  }),
  // Request Return (decision 054), after release: one collected sale of the world's seller to its buyer per route.
  requestReturn: async ({ world }) => ({
    params: { orderId: await completedSaleOf(world, 'requestReturn') },
    body: RETURN,
  }),
  decideReturn: async ({ world }) => ({
    params: { orderId: await returnAt(world, 'decideReturn', 'pending') },
    body: { decision: 'reject', note: 'It was as described.' },
  }),
  shipReturn: async ({ world }) => ({
    params: { orderId: await returnAt(world, 'shipReturn', 'approved') },
    body: { trackingNumber: await returnParcel(world) },
  }),
  escalateReturn: async ({ world }) => ({
    params: { orderId: await returnAt(world, 'escalateReturn', 'rejected') },
    body: {},
  }),
  requestReturnRefund: async ({ world }) => ({
    params: { orderId: await returnAt(world, 'requestReturnRefund', 'refund_due') },
    body: {},
  }),
  resolveReturn: async ({ world }) => ({
    params: { orderId: await returnAt(world, 'resolveReturn', 'escalated') },
    // Closed: a refund owed would stop the world's seller listing for the routes after it.
    body: { outcome: 'close', note: 'The photos show the item as described.' },
  }),
  listReturnRequests: () => ({ query: {} }),
  // Moderation (decision 066): a new listing of the world's seller to hide (never the world's own listing), and a
  // throwaway account to suspend (never one of the world's callers, whose sessions serve the other routes).
  moderateListing: async ({ world }) => ({
    params: { listingId: await world.newListing() },
    body: { action: 'hide', reason: 'Route table check.' },
  }),
  moderateUser: async ({ world, from }) => ({
    body: { username: (await suspendableOf(world, from)).username, action: 'suspend', reason: 'Route table check.' },
  }),
  // The other seller marked verified (decision 069): a mark only, as require_kyc stays off for the other files.
  setSellerVerification: ({ world }) => ({
    params: { username: world.callers.otherSeller.username },
    body: { verified: true, reason: 'Route table check.' },
  }),
  // A read-only carrier test: the stand-in answers any number (an unknown one is a result, not an error).
  runCarrierTool: () => ({ body: { tool: 'checkSingle', trackingNumber: '794600000001' } }),
  // The escrow test (decision 070) takes no input: whatever the platform wallet holds, it answers with its steps.
  runEscrowTest: () => ({ body: {} }),
  // Analytics (decision 056): a view of the world's listing (the seller's own is answered alike, not counted).
  recordListingView: ({ world }) => ({ params: { listingId: world.listingId }, body: {} }),
  getSellerAnalytics: () => ({ query: { range: '7' } }),
  getRlusdTrustLine: () => ({}),
  // The callers' wallets hold RLUSD already: the answer is that the line exists.
  requestRlusdTrustLine: () => ({ body: {} }),
  getSellerSettings: () => ({}),
  // The defaults: every caller keeps taking messages and notifications, which the other routes' fixtures rely on.
  saveSellerSettings: () => ({ body: DEFAULT_SELLER_SETTINGS }),
  // Platform settings (decision 063): the fixture's change keeps the value the other routes rely on.
  getAdminSettings: () => ({}),
  updateAdminSettings: () => ({ body: { maintenanceMode: false } }),
  getPublicSettings: () => ({}),
  // The danger zone (decision 059) changes a whole account: each caller acts as an account of its own, never the
  // world's (their listings and sessions serve the other routes). The visitor sends no session.
  deactivateStore: async ({ caller, from, world }) =>
    caller === 'visitor' ? { body: {} } : { token: (await spareOf(world, caller, from)).token, body: {} },
  reactivateStore: async ({ caller, from, world }) =>
    caller === 'visitor' ? { body: {} } : { token: (await spareOf(world, caller, from)).token, body: {} },
  // Delete Data erases and signs out the account it is sent for: a new throwaway account every time.
  deleteMyData: async ({ caller, from }) => {
    if (caller === 'visitor') return { body: { confirmUsername: 'nobody' } };
    const throwaway = await signUp(spareAddress(from, 20), 'rtdel');
    return { token: throwaway.token, body: { confirmUsername: throwaway.username } };
  },
  // A cent of RLUSD to another caller (every caller's wallet holds RLUSD and its line); nothing is signed. getSend's
  // send is made first: this route's fuzz uses up the caller's sends for the minute.
  sendFunds: async ({ me, world }) => {
    await sendOf(world, me ?? world.callers.seller);
    return { body: centTo(me, world) };
  },
  // Each caller reads a send of its own (the visitor names the seller's).
  getSend: async ({ me, world }) => ({ params: { sendId: await sendOf(world, me ?? world.callers.seller) } }),
  // The admin portal's Roles and Audit tabs (decision 062). Grant names the world's admin (one already: nothing
  // changes) and revoke its buyer (not one: nothing changes), so no caller's role moves under the other routes.
  listAdmins: () => ({}),
  grantAdminRole: ({ world }) => ({ params: { username: world.callers.admin.username } }),
  revokeAdminRole: ({ world }) => ({ params: { username: world.callers.user.username } }),
  listAuditEntries: () => ({ query: { limit: '5', action: 'admin.' } }),
  // The XRPL Network tab (decisions 064 and 072): a save of the defaults (the stack's own ledger, which every function
  // dials, and the window every other test's checkout expects); Test Connection of that ledger.
  getNetworkSettings: () => ({}),
  saveNetworkSettings: () => ({ body: defaultNetworkSettings(inject('ledgerUrl')) }),
  testNetworkConnection: () => ({ body: { url: inject('ledgerUrl') } }),
  // The API keys tab: the UPC lookup key, which nothing running reads, so no test's credentials change.
  getApiKeys: () => ({}),
  saveApiKey: () => ({ params: { name: 'upcServiceKey' }, body: { value: 'route-fixture-upc-key' } }),
  testApiConnection: () => ({ params: { service: 'xaman' }, body: {} }),
  // The admin escrow monitor (decision 065): the pending escrows; a funded sale's settlement (not stuck: answered as it
  // is, nothing run).
  listEscrows: () => ({ query: { status: 'pending' } }),
  // The Cases tab (decision 068): the queue, and a disputed sale of the world's (its own, not resolveDispute's).
  listCases: () => ({}),
  getCase: async ({ world }) => ({ params: { orderId: await disputedSaleOf(world, 'getCase') } }),
  retrySettlement: async ({ world }) => ({
    params: { orderId: await saleOf(world, 'ship', 'retrySettlement') },
    body: {},
  }),
};

const sends = new WeakMap<World, Map<string, Promise<string>>>();

/** One send of a cent by `sender`, made once per world. */
function sendOf(world: World, sender: Account): Promise<string> {
  const mine = sends.get(world) ?? sends.set(world, new Map()).get(world)!;
  let made = mine.get(sender.userId);
  if (!made) {
    made = call<{ sendId: string }>('POST', '/api/wallet/sends', {
      token: sender.token,
      from: sender.from,
      body: centTo(sender, world),
    }).then((r) => {
      if (r.status !== 201) throw new Error(`send: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.sendId;
    });
    mine.set(sender.userId, made);
  }
  return made;
}

/** A store the caller may follow: the seller's, or for the seller the other seller's. */
const storeToFollow = (caller: Caller, world: World) =>
  (caller === 'seller' ? world.callers.otherSeller : world.callers.seller).username;

/** Another source address on the caller's network (sign-ins count per address): `.1xx` beside the caller's own. */
const spareAddress = (from: string, offset: number) =>
  `${from.slice(0, from.lastIndexOf('.'))}.${100 + offset + Number(from.slice(from.lastIndexOf('.') + 1))}`;

const spares = new WeakMap<World, Map<Caller, Promise<Account>>>();

/** One account of the caller's own, apart from the world's (made once per world and caller). */
const suspendables = new WeakMap<World, Promise<Account>>();

/** The world's throwaway account that moderateUser suspends (suspending it again changes nothing). */
function suspendableOf(world: World, from: string): Promise<Account> {
  let made = suspendables.get(world);
  if (!made) suspendables.set(world, (made = signUp(spareAddress(from, 21), 'rtsus')));
  return made;
}

function spareOf(world: World, caller: Caller, from: string): Promise<Account> {
  const mine = spares.get(world) ?? spares.set(world, new Map()).get(world)!;
  return mine.get(caller) ?? mine.set(caller, signUp(spareAddress(from, 0), 'rtspare')).get(caller)!;
}

/** A send of one RLUSD cent from `me` to another caller of the world. */
function centTo(me: Account | null, world: World) {
  const to = me?.userId === world.callers.user.userId ? world.callers.seller : world.callers.user;
  return { currency: 'RLUSD', amountCents: 1, destination: to.wallet };
}

const AUCTION_START_CENTS = 1_000;

/** A new auction of the account's, two days long. */
export async function auctionOf(seller: Account): Promise<string> {
  const { priceCents: _, ...fixed } = listingBody;
  const made = await call<{ id: string }>('POST', '/api/listings', {
    token: seller.token,
    from: seller.from,
    body: {
      ...fixed,
      title: 'Route Table Auction Lantern',
      listingType: 'auction',
      startingBidCents: AUCTION_START_CENTS,
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      shippingType: 'free',
    },
  });
  if (made.status !== 201) throw new Error(`auction: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id;
}

/**
 * A profile to buy with (name, email, phone, address; sellers stay sellers) and one unit of a listing in the cart. A
 * buyer holds a listing once a day and has at most three unpaid orders (decision 041): each checkout fixture buys a
 * new listing, and the orders earlier fixtures left unpaid are withdrawn first.
 */
async function readyToBuy(me: Account, caller: Caller, world: World): Promise<void> {
  const profile = caller === 'seller' || caller === 'otherSeller' ? sellerProfile : buyerProfile;
  const opts = { token: me.token, from: me.from };
  const saved = await call('PUT', '/api/me/profile', { ...opts, body: profile });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${JSON.stringify(saved.body)}`);
  await withdrawUnpaid(me);
  await call('DELETE', '/api/me/cart', opts);
  const listingId = caller === 'seller' ? await world.newListing(world.callers.otherSeller) : await world.newListing();
  const put = await call('PUT', `/api/me/cart/items/${listingId}`, { ...opts, body: { quantity: 1 } });
  if (put.status !== 200) throw new Error(`cart: ${put.status} ${JSON.stringify(put.body)}`);
}

/** Withdraws the wallet request of each of the account's orders awaiting signature: they end unpaid. */
async function withdrawUnpaid(me: Account): Promise<void> {
  const opts = { token: me.token, from: me.from };
  const mine = await call<{ items: { id: string; status: string }[] }>(
    'GET',
    '/api/me/orders?role=buyer&limit=50',
    opts,
  );
  for (const o of mine.body.items.filter((x) => x.status === 'awaiting_signature')) {
    await call('POST', `/api/orders/${o.id}/escrow-signing`, {
      ...opts,
      body: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    await call('DELETE', `/api/orders/${o.id}/escrow-signing`, opts);
  }
}

/** A new order of the caller's (checkout of one unit), awaiting signature. */
async function orderOf(me: Account, caller: Caller, world: World): Promise<string> {
  await readyToBuy(me, caller, world);
  const made = await call<{ orders: { id: string }[] }>('POST', '/api/checkout', {
    token: me.token,
    from: me.from,
    body: { shipping: null, expectedTotalCents: listingBody.priceCents },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (made.status !== 201) throw new Error(`checkout: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.orders[0]!.id;
}

/** A new order of the caller's with its wallet request open. */
async function signingOrderOf(me: Account, caller: Caller, world: World): Promise<string> {
  const orderId = await orderOf(me, caller, world);
  const asked = await call('POST', `/api/orders/${orderId}/escrow-signing`, {
    token: me.token,
    from: me.from,
    body: {},
    headers: { 'idempotency-key': randomUUID() },
  });
  if (asked.status !== 201) throw new Error(`signing: ${asked.status} ${JSON.stringify(asked.body)}`);
  return orderId;
}

/** Xaman's webhook call for a payload, signed as Xaman signs it with the local application secret. */
export function signedWebhook(uuid: string): RouteRequest {
  const rawBody = JSON.stringify({
    meta: { url: 'http://local', application_uuidv4: randomUUID(), payload_uuidv4: uuid, opened_by_deeplink: true },
    custom_meta: { identifier: null, blob: null, instruction: null },
    payloadResponse: { payload_uuidv4: uuid, reference_call_uuidv4: randomUUID(), signed: true, user_token: false },
    userToken: null,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    rawBody,
    headers: {
      'x-xumm-request-timestamp': timestamp,
      'x-xumm-request-signature': xamanWebhookSignature(LOCAL_XAMAN_API_SECRET, timestamp, rawBody),
    },
  };
}

const sales = new WeakMap<World, Map<string, Promise<string>>>();
const paid = new Map<string, Promise<void>>();
const bought = new Map<string, Promise<void>>();

/** One funded sale of the world's seller to its buyer per route (shared by the callers of that route). */
function saleOf(world: World, fulfilment: 'ship' | 'pickup', route: string): Promise<string> {
  const mine = sales.get(world) ?? sales.set(world, new Map()).get(world)!;
  let sale = mine.get(route);
  if (!sale) {
    const { seller, user } = world.callers;
    sale = call('PUT', '/api/me/profile', { token: user.token, from: user.from, body: buyerProfile }).then(
      async () => (await fundedSale(seller, user, fulfilment)).id,
    );
    mine.set(route, sale);
  }
  return sale;
}

const DISPUTE = { reason: 'damaged', description: 'It arrived with a cracked lid.' } as const;

/** Opens the buyer's dispute on the order. */
async function disputed(buyer: Account, order: Promise<string>): Promise<string> {
  const orderId = await order;
  const r = await call('POST', `/api/orders/${orderId}/dispute`, {
    token: buyer.token,
    from: buyer.from,
    body: DISPUTE,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (r.status !== 201) throw new Error(`dispute: ${r.status} ${JSON.stringify(r.body)}`);
  return orderId;
}

const purchases = new WeakMap<Account, Map<string, Promise<string>>>();

/** One funded purchase of the caller's per route: from the world's seller, or for the seller from the other seller. */
function purchaseOf(me: Account, caller: Caller, world: World, route: string): Promise<string> {
  const mine = purchases.get(me) ?? purchases.set(me, new Map()).get(me)!;
  let sale = mine.get(route);
  if (!sale) {
    const from = caller === 'seller' ? world.callers.otherSeller : world.callers.seller;
    const profile = caller === 'seller' || caller === 'otherSeller' ? sellerProfile : buyerProfile;
    sale = call('PUT', '/api/me/profile', { token: me.token, from: me.from, body: profile }).then(
      async () => (await fundedSale(from, me, 'ship')).id,
    );
    mine.set(route, sale);
  }
  return sale;
}

const disputedSales = new WeakMap<World, Map<string, Promise<string>>>();

/** One funded sale of the world's seller to its buyer per route, which the buyer disputes. */
function disputedSaleOf(world: World, route: string): Promise<string> {
  const mine = disputedSales.get(world) ?? disputedSales.set(world, new Map()).get(world)!;
  let sale = mine.get(route);
  if (!sale) {
    sale = disputed(world.callers.user, saleOf(world, 'ship', route));
    mine.set(route, sale);
  }
  return sale;
}

const completedSales = new WeakMap<World, Map<string, Promise<string>>>();

/** One completed pickup of the world's seller to its buyer per route (shared by the callers of that route). */
function completedSaleOf(world: World, route: string): Promise<string> {
  const mine = completedSales.get(world) ?? completedSales.set(world, new Map()).get(world)!;
  let sale = mine.get(route);
  if (!sale) {
    const { seller, user } = world.callers;
    sale = call('PUT', '/api/me/profile', { token: user.token, from: user.from, body: buyerProfile }).then(
      async () => (await completedPickup(seller, user)).id,
    );
    mine.set(route, sale);
  }
  return sale;
}

const sellerReviews = new WeakMap<World, Promise<string>>();

/** The world's buyer's review of a completed sale of its seller's (made once per world). */
function reviewOfSeller(world: World): Promise<string> {
  let made = sellerReviews.get(world);
  if (!made) {
    made = completedSaleOf(world, 'reply').then(async (orderId) => {
      const r = await leaveReview(world.callers.user, orderId, { rating: 4, comment: 'Friendly seller.' });
      if (r.status !== 201) throw new Error(`review: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.id;
    });
    sellerReviews.set(world, made);
  }
  return made;
}

/** FedEx's tracking webhook naming these parcels, signed with the local webhook token. */
export function signedCarrierWebhook(trackingNumbers: string[], secret = LOCAL_CARRIER_WEBHOOK_SECRET): RouteRequest {
  const rawBody = JSON.stringify({
    transactionId: randomUUID(),
    outputMetaData: [],
    output: { completeTrackResults: trackingNumbers.map((trackingNumber) => ({ trackingNumber, trackResults: [] })) },
  });
  const signature = createHmac('sha256', secret).update(rawBody).digest('base64');
  return { rawBody, headers: { 'fdx-signature': signature } };
}

const conversations = new WeakMap<World, Promise<string>>();

/** The world's buyer's conversation with its seller about the seller's listing (made once per world). */
function conversationOf(world: World): Promise<string> {
  let made = conversations.get(world);
  if (!made) {
    const { user } = world.callers;
    made = call<{ conversation: { id: string } }>('POST', '/api/me/conversations', {
      token: user.token,
      from: user.from,
      body: { listingId: world.listingId },
    }).then((r) => {
      if (r.status !== 200) throw new Error(`conversation: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.conversation.id;
    });
    conversations.set(world, made);
  }
  return made;
}

const offerConversations = new WeakMap<World, Map<string, Promise<string>>>();
const pendingOffers = new WeakMap<World, Map<string, Promise<string>>>();

/**
 * A conversation of `buyer` (the world's buyer, or the seller buying) about a new listing that takes offers, of the
 * seller's (of the other seller's when the seller buys).
 */
async function newOfferConversation(world: World, buyer: 'user' | 'seller' = 'user'): Promise<string> {
  const { user, seller, otherSeller } = world.callers;
  const [me, of] = buyer === 'user' ? [user, seller] : [seller, otherSeller];
  const listingId = await listItem(of, { priceCents: 5_000, acceptOffers: true });
  const r = await call<{ conversation: { id: string } }>('POST', '/api/me/conversations', {
    token: me.token,
    from: me.from,
    body: { listingId },
  });
  if (r.status !== 200) throw new Error(`conversation: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.conversation.id;
}

/** One offer conversation per world and buyer (the others' requests are refused before anything is read of it). */
function offerConversationOf(world: World, buyer: 'user' | 'seller'): Promise<string> {
  const mine = offerConversations.get(world) ?? offerConversations.set(world, new Map()).get(world)!;
  return mine.get(buyer) ?? mine.set(buyer, newOfferConversation(world, buyer)).get(buyer)!;
}

/** A pending offer of the world's buyer to its seller, one per route (an answer is given once). */
function pendingOfferOf(world: World, route: string): Promise<string> {
  const mine = pendingOffers.get(world) ?? pendingOffers.set(world, new Map()).get(world)!;
  let offer = mine.get(route);
  if (!offer) {
    const { user } = world.callers;
    offer = newOfferConversation(world).then(async (conversationId) => {
      const made = await call<{ id: string }>('POST', `/api/me/conversations/${conversationId}/offers`, {
        token: user.token,
        from: user.from,
        body: { amountCents: 1_000, expires: true },
      });
      if (made.status !== 201) throw new Error(`offer: ${made.status} ${JSON.stringify(made.body)}`);
      return made.body.id;
    });
    mine.set(route, offer);
  }
  return offer;
}

/** A listing the caller may buy: the seller's, except for the seller, who buys the other seller's. */
function buyable(caller: Caller, world: World): string {
  return caller === 'seller' ? world.otherListingId : world.listingId;
}

/** The caller's profile to buy with (sellers stay sellers). */
async function buyingProfile(me: Account, caller: Caller): Promise<void> {
  const profile = caller === 'seller' || caller === 'otherSeller' ? sellerProfile : buyerProfile;
  const saved = await call('PUT', '/api/me/profile', { token: me.token, from: me.from, body: profile });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/** A new auction the caller won (the seller's, or for the seller the other seller's), closed: its order to pay. */
async function wonOrderOf(me: Account, caller: Caller, world: World) {
  await buyingProfile(me, caller);
  return wonAuction(caller === 'seller' ? world.callers.otherSeller : world.callers.seller, me);
}

const lapsedSales = new WeakMap<World, Promise<string>>();

/** One winner's order of the world's seller that lapsed, with a runner-up to offer it to (shared by the callers). */
function lapsedSaleOf(world: World): Promise<string> {
  let sale = lapsedSales.get(world);
  if (!sale) {
    const { seller, user, otherSeller } = world.callers;
    sale = oneAtATime(async () => {
      const { listingId, endsAt } = await shortAuction(seller, { startingBidCents: 1_000 });
      await bidsOn(listingId, [
        [otherSeller, 1_500],
        [user, 2_000],
      ]);
      await closeAuctions(after(endsAt));
      const order = await orderFor(user, listingId);
      await lapseUnpaid(new Date(Date.parse(order!.auction!.paymentDueAt) + 1_000));
      return order!.id;
    });
    lapsedSales.set(world, sale);
  }
  return sale;
}

const calculatedListings = new WeakMap<World, Promise<string>>();

/** One listing of the world's seller with calculated shipping from its ZIP (shared by the callers). */
function calculatedListingOf(world: World): Promise<string> {
  let listing = calculatedListings.get(world);
  if (!listing) {
    listing = listItem(world.callers.seller, { shippingType: 'calculated' });
    calculatedListings.set(world, listing);
  }
  return listing;
}

const unsoldAuctions = new WeakMap<World, Promise<string>>();

/** One auction of the world's seller that the schedule ended without bids (shared by the callers). */
function unsoldAuctionOf(world: World): Promise<string> {
  let listing = unsoldAuctions.get(world);
  if (!listing) {
    listing = oneAtATime(async () => {
      const { listingId, endsAt } = await shortAuction(world.callers.seller);
      await closeAuctions(after(endsAt));
      return listingId;
    });
    unsoldAuctions.set(world, listing);
  }
  return listing;
}

const RETURN = { reason: 'not_as_described', description: 'The lid does not close.' } as const;
/** The route table's sellers' ZIP (route-support sellerProfile): where their returns go back to. */
const SELLER_ZIP = '78701';

/** A step of a return (decision 054) by `who`, which must succeed. */
async function returnStep(who: Account, orderId: string, path: string, body: Record<string, unknown>) {
  const r = await call('POST', `/api/orders/${orderId}/return${path}`, {
    token: who.token,
    from: who.from,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (r.status >= 300) throw new Error(`return${path}: ${r.status} ${JSON.stringify(r.body)}`);
}

const returnParcels = new WeakMap<World, Promise<string>>();

/** A parcel from the world's buyer to its sellers' return ZIP, not yet picked up (one per world). */
function returnParcel(world: World): Promise<string> {
  let made = returnParcels.get(world);
  if (!made) returnParcels.set(world, (made = parcel('73301', SELLER_ZIP)));
  return made;
}

const returns = new WeakMap<World, Map<string, Promise<string>>>();

/**
 * One collected sale of the world's seller per route, returned by its buyer and taken to `stage`: pending, approved,
 * rejected, escalated (rejected, then taken to an administrator) or refund_due (approved, sent back and delivered).
 */
function returnAt(
  world: World,
  route: string,
  stage: 'pending' | 'approved' | 'rejected' | 'escalated' | 'refund_due',
) {
  const mine = returns.get(world) ?? returns.set(world, new Map()).get(world)!;
  let made = mine.get(route);
  if (!made) {
    const { seller, user } = world.callers;
    made = completedSaleOf(world, route).then(async (orderId) => {
      await returnStep(user, orderId, '', RETURN);
      if (stage === 'pending') return orderId;
      const rejected = stage === 'rejected' || stage === 'escalated';
      await returnStep(seller, orderId, '/decision', { decision: rejected ? 'reject' : 'approve', note: '' });
      if (stage === 'escalated') await returnStep(user, orderId, '/escalation', {});
      if (stage === 'refund_due') {
        const trackingNumber = await parcel('73301', SELLER_ZIP);
        await moveParcel(trackingNumber, 'delivered');
        await returnStep(user, orderId, '/shipment', { trackingNumber });
      }
      return orderId;
    });
    mine.set(route, made);
  }
  return made;
}
